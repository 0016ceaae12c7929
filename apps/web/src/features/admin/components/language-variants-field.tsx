import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDocument } from '@portal/contracts/admin-documents';
import { documentMatchesQueryOptions } from '../api/admin-documents-api';

interface LanguageVariantsFieldProps {
  document: AdminDocument;
  /** The variant group the form will save. */
  value: string;
  onChange: (variantGroup: string) => void;
}

/**
 * A document's language variants (the documents of its variant group) and the way to link it to
 * another document's variants, found by title or reference, or to unlink it again.
 */
export function LanguageVariantsField({ document, value, onChange }: LanguageVariantsFieldProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const siblings = useQuery(documentMatchesQueryOptions({ variantGroup: value }));
  const matches = useQuery({ ...documentMatchesQueryOptions({ q }), enabled: q.length > 0 });
  const others = (siblings.data?.items ?? []).filter((item) => item.id !== document.id);
  const options = (matches.data?.items ?? [])
    .filter((item) => item.id !== document.id && item.variantGroup !== value)
    .map((item) => ({ value: item.id, label: `${item.title} (${item.serviceRef}, ${item.languageCode.toUpperCase()})` }));

  return (
    <Stack gap={6}>
      <Text fw={500} fz="sm" id="variants-label">
        {t('admin.variants.label')}
      </Text>
      <Group gap={6} aria-labelledby="variants-label" data-testid="language-variants">
        {others.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('admin.variants.none')}
          </Text>
        ) : (
          others.map((item) => (
            <Badge key={item.id} variant="light" tt="none" title={item.serviceRef}>
              {item.languageCode.toUpperCase()} · {item.title}
            </Badge>
          ))
        )}
      </Group>
      <Group align="end" wrap="nowrap">
        <Select
          label={t('admin.variants.link')}
          placeholder={t('admin.variants.searchPlaceholder')}
          data={options}
          value={null}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={q ? t('admin.variants.nothingFound') : undefined}
          onChange={(id) => {
            const chosen = matches.data?.items.find((item) => item.id === id);
            if (chosen) onChange(chosen.variantGroup);
            setSearch('');
          }}
          filter={({ options: all }) => all}
          style={{ flex: 1 }}
        />
        {value !== document.serviceRef && (
          <Button variant="default" onClick={() => onChange(document.serviceRef)}>
            {t('admin.variants.unlink')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
