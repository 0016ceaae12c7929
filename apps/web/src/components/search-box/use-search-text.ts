import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/**
 * The text of a search box that follows the URL: `onSearch` runs `debounceMs` after the last key
 * (at once on `flush`), and a text longer than `maxLength` is not sent. When the URL changes under
 * the box (back, forward, a link) the box shows its text, unless the user is typing or the two
 * differ only by surrounding spaces (the URL holds the trimmed text).
 */
export function useSearchText(value: string, onSearch: (text: string) => void, debounceMs: number, maxLength = Number.POSITIVE_INFINITY) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const search = useDebouncedCallback(onSearch, debounceMs);

  if (value !== shown) {
    setShown(value);
    if (!search.isPending() && value.trim() !== text.trim()) setText(value);
  }

  const change = (next: string) => {
    setText(next);
    if (next.length > maxLength) search.cancel();
    else search(next);
  };

  return {
    text,
    change,
    /** Enter: search now rather than after the pause. */
    flush: () => search.flush(),
    clear: () => {
      change('');
      search.flush();
    },
  };
}
