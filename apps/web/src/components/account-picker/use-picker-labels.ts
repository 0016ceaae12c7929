import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PickerOption } from './picker-options';

/**
 * The labels of every choice the server answered so far (any search of this picker's kind, from the query cache): a
 * picked account or user keeps its name in the field once a later search no longer finds it.
 */
export function usePickerLabels<T>(cacheKey: readonly string[], labelOf: (item: T) => PickerOption): ReadonlyMap<string, string> {
  const client = useQueryClient();
  const labels = new Map<string, string>();
  for (const [, answer] of client.getQueriesData<{ items: T[] }>({ queryKey: cacheKey })) {
    for (const item of answer?.items ?? []) {
      const option = labelOf(item);
      labels.set(option.value, option.label);
    }
  }
  return labels;
}

/**
 * The text in a picker's field and the search sent for it (debounced): the label of the picked choice, which the
 * field shows after a choice, is sent as an empty search (every choice, first ones first).
 */
export function usePickerSearch() {
  const [text, setText] = useState('');
  const [sent, setSent] = useState('');
  const [query] = useDebouncedValue(sent, 250);
  return {
    text,
    query,
    change(next: string, isPickedLabel: boolean) {
      setText(next);
      setSent(isPickedLabel ? '' : next.trim());
    },
  };
}
