import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@portal/contracts/users';
import type { SearchAnalyticsFilters } from '../api/search-analytics-api';

interface SearchAnalyticsFiltersFormProps {
  value: SearchAnalyticsFilters;
  onApply: (filters: SearchAnalyticsFilters) => void;
}

/** Everyone who searches. */
const readerRoles = ['customer', 'partner', 'employee', 'publisher', 'admin'] as const satisfies readonly Role[];

const localePattern = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/;

/** Period (UTC days), reader language, role, account and product, applied together on submit. */
export function SearchAnalyticsFiltersForm({ value, onApply }: SearchAnalyticsFiltersFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<SearchAnalyticsFilters>(value);
  const [rangeError, setRangeError] = useState(false);
  const [localeError, setLocaleError] = useState(false);
  const field = (name: 'from' | 'to' | 'locale' | 'account' | 'product') => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const badRange = draft.from === '' || draft.to === '' || draft.from > draft.to;
    const badLocale = draft.locale.trim() !== '' && !localePattern.test(draft.locale.trim());
    setRangeError(badRange);
    setLocaleError(badLocale);
    if (!badRange && !badLocale) onApply(draft);
  };

  return (
    <form onSubmit={submit} aria-label={t('searchAnalytics.filters.label')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput type="date" label={t('searchAnalytics.filters.from')} required {...field('from')} />
        <TextInput
          type="date"
          label={t('searchAnalytics.filters.to')}
          required
          {...field('to')}
          error={rangeError ? t('searchAnalytics.filters.rangeError') : undefined}
        />
        <TextInput
          label={t('searchAnalytics.filters.locale')}
          placeholder="fr"
          maxLength={12}
          {...field('locale')}
          error={localeError ? t('searchAnalytics.filters.localeError') : undefined}
        />
        <Select
          label={t('searchAnalytics.filters.role')}
          value={draft.role === '' ? null : draft.role}
          clearable
          placeholder={t('searchAnalytics.filters.anyRole')}
          onChange={(role) => setDraft({ ...draft, role: role ?? '' })}
          data={readerRoles.map((role) => ({ value: role, label: t(`roles.${role}`, { defaultValue: role }) }))}
        />
        <TextInput label={t('searchAnalytics.filters.account')} placeholder="ACME-001" maxLength={200} {...field('account')} />
        <TextInput label={t('searchAnalytics.filters.product')} placeholder="R100" maxLength={200} {...field('product')} />
        <Group align="flex-end">
          <Button type="submit">{t('searchAnalytics.filters.apply')}</Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}
