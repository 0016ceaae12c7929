import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxSearchQueryLength } from '@portal/contracts/search-limits';

/**
 * Issue #4: the search runs as the user types, 250 ms after the last key. A text longer than the
 * API accepts is not sent: the box says so until it is shortened.
 */
export const searchDebounceMs = 250;

interface SearchBoxProps {
  /** The text in the URL. */
  value: string;
  onSearch: (text: string) => void;
}

/** Memoised: the page draws again with every answer, the box only when its text or the URL's changes. */
export const SearchBox = memo(function SearchBox({ value, onSearch }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const search = useDebouncedCallback(onSearch, searchDebounceMs);

  // The URL changed under the box (back, forward, a link): show its text unless the user is typing.
  if (value !== shown) {
    setShown(value);
    if (!search.isPending() && value.trim() !== text.trim()) setText(value);
  }

  const tooLong = text.length > maxSearchQueryLength;
  const change = (next: string) => {
    setText(next);
    if (next.length > maxSearchQueryLength) search.cancel();
    else search(next);
  };

  return (
    <TextInput
      role="searchbox"
      size="md"
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') search.flush();
      }}
      label={t('resources.searchLabel')}
      error={tooLong ? t('resources.queryTooLong', { max: maxSearchQueryLength, length: text.length }) : undefined}
      placeholder={t('resources.searchPlaceholder')}
      leftSection={<IconSearch size={18} stroke={1.7} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            aria-label={t('resources.clearSearch')}
            onClick={() => {
              change('');
              search.flush();
            }}
          />
        ) : null
      }
      data-testid="resources-search"
    />
  );
});
