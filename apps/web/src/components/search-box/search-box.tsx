import { memo } from 'react';
import { SearchInput, type SearchInputProps } from './search-input';
import { useSearchText } from './use-search-text';

type PassedOn = Omit<SearchInputProps, 'value' | 'onChange' | 'onEnter' | 'onClear' | 'error'>;

export interface SearchBoxProps extends PassedOn {
  /** The text in the URL. */
  value: string;
  /** Runs `debounceMs` after the last key, at once on Enter and on clearing. */
  onSearch: (text: string) => void;
  debounceMs: number;
  /** A longer text is not sent: the box says so, with `tooLongMessage`, until it is shortened. */
  maxQueryLength?: number;
  tooLongMessage?: (length: number, max: number) => string;
}

/**
 * Search as you type, with the text kept in the URL (resources, software, the document console).
 * Memoised: a page draws again with every answer, the box only when its own props change.
 */
export const SearchBox = memo(function SearchBox({ value, onSearch, debounceMs, maxQueryLength, tooLongMessage, ...rest }: SearchBoxProps) {
  const { text, change, flush, clear } = useSearchText(value, onSearch, debounceMs, maxQueryLength);
  const tooLong = maxQueryLength !== undefined && text.length > maxQueryLength;
  return (
    <SearchInput
      value={text}
      onChange={change}
      onEnter={flush}
      onClear={clear}
      error={tooLong && tooLongMessage ? tooLongMessage(text.length, maxQueryLength) : undefined}
      {...rest}
    />
  );
});
