import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { statisticsGroupings, type StatisticsGroupBy } from '@portal/contracts/statistics';
import type { StatisticsFilters } from '../api/statistics-api';

interface StatisticsFiltersFormProps {
  value: StatisticsFilters;
  onApply: (filters: StatisticsFilters) => void;
}

/** Range (UTC days), grouping, product and account, applied together on submit. */
export function StatisticsFiltersForm({ value, onApply }: StatisticsFiltersFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<StatisticsFilters>(value);
  const [rangeError, setRangeError] = useState(false);
  const field = (name: 'from' | 'to' | 'product' | 'account') => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const badRange = draft.from === '' || draft.to === '' || draft.from > draft.to;
    setRangeError(badRange);
    if (!badRange) onApply(draft);
  };

  return (
    <form onSubmit={submit} aria-label={t('adminStatistics.filters')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <TextInput type="date" label={t('adminStatistics.from')} required {...field('from')} />
        <TextInput type="date" label={t('adminStatistics.to')} required {...field('to')} error={rangeError ? t('adminStatistics.rangeError') : undefined} />
        <Select
          label={t('adminStatistics.groupBy')}
          value={draft.groupBy}
          allowDeselect={false}
          onChange={(groupBy) => groupBy && setDraft({ ...draft, groupBy: groupBy as StatisticsGroupBy })}
          data={statisticsGroupings.map((grouping) => ({ value: grouping, label: t(`adminStatistics.groupings.${grouping}`) }))}
        />
        <TextInput label={t('adminStatistics.product')} placeholder="R100" {...field('product')} />
        <TextInput label={t('adminStatistics.account')} placeholder="ACME-001" {...field('account')} />
        <Group align="flex-end">
          <Button type="submit">{t('adminStatistics.apply')}</Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}
