import { ActionIcon, CloseButton, Group, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FindResult } from './pdf-engine';

interface PdfFindBarProps {
  result: FindResult | null;
  onFind: (query: string, options?: { again?: boolean; previous?: boolean }) => void;
  onClose: () => void;
}

/** Find in document: the text layer and pdf.js's find controller, next and previous match. */
export function PdfFindBar({ result, onFind, onClose }: PdfFindBarProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') onFind(query, { again: true, previous: event.shiftKey });
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <Group gap="xs" wrap="nowrap" role="search" data-testid="pdf-find-bar">
      <TextInput
        size="xs"
        w={220}
        data-autofocus
        autoFocus
        leftSection={<IconSearch size={14} />}
        placeholder={t('viewer.pdf.findPlaceholder')}
        aria-label={t('viewer.pdf.find')}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          onFind(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
      />
      <ActionIcon variant="subtle" color="gray" aria-label={t('viewer.pdf.findPrevious')} disabled={!query} onClick={() => onFind(query, { again: true, previous: true })}>
        <IconChevronUp size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" aria-label={t('viewer.pdf.findNext')} disabled={!query} onClick={() => onFind(query, { again: true })}>
        <IconChevronDown size={16} />
      </ActionIcon>
      <Text size="xs" c="dimmed" miw={90} aria-live="polite" data-testid="pdf-find-status">
        {query && result && !result.pending && (result.notFound || result.total === 0
          ? t('viewer.pdf.findNotFound')
          : t('viewer.pdf.findMatches', { current: result.current, total: result.total }))}
      </Text>
      <CloseButton size="sm" aria-label={t('viewer.pdf.closeFind')} onClick={onClose} />
    </Group>
  );
}
