import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The list follows the text 300 ms after the last key (Enter: at once). */
export const softwareSearchDebounceMs = 300;

interface SoftwareSearchBoxProps {
  /** The text in the URL. */
  value: string;
  onSearch: (text: string) => void;
}

export function SoftwareSearchBox({ value, onSearch }: SoftwareSearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [urlValue, setUrlValue] = useState(value);
  const search = useDebouncedCallback(onSearch, softwareSearchDebounceMs);

  // The URL changed under the box (back, forward, a link): show its text unless the user is typing.
  if (value !== urlValue) {
    setUrlValue(value);
    if (!search.isPending()) setText(value);
  }

  const change = (next: string) => {
    setText(next);
    search(next);
  };

  return (
    <TextInput
      type="search"
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') search.flush();
      }}
      label={t('software.searchLabel')}
      placeholder={t('software.searchPlaceholder')}
      leftSection={<IconSearch size={18} stroke={1.7} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            aria-label={t('software.clearSearch')}
            onClick={() => {
              change('');
              search.flush();
            }}
          />
        ) : null
      }
      data-testid="software-search"
    />
  );
}
