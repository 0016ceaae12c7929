import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { statisticsGroupings, type StatisticsGroupBy } from '@portal/contracts/statistics';
import { AccountPicker } from '../../../components/account-picker/account-picker';
import { statisticsProductsQueryOptions, type StatisticsFilters } from '../api/statistics-api';

interface StatisticsFiltersFormProps {
  value: StatisticsFilters;
  onApply: (filters: StatisticsFilters) => void;
}

const all = 'all';

/** Range (UTC days), grouping, a product picked from the real ones and an account searched in the directory, applied together on submit. */
export function StatisticsFiltersForm({ value, onApply }: StatisticsFiltersFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<StatisticsFilters>(value);
  const [rangeError, setRangeError] = useState(false);
  const products = useQuery(statisticsProductsQueryOptions());
  const field = (name: 'from' | 'to') => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });
  const pickProduct = (picked: string | null) => setDraft({ ...draft, product: !picked || picked === all ? '' : picked });

  const productChoices = (products.data?.items ?? []).map((product) => ({ value: product.code, label: `${product.name} (${product.code})` }));
  // A product in the filters that the list does not hold (yet) stays choosable rather than vanishing.
  if (draft.product && !productChoices.some((choice) => choice.value === draft.product)) productChoices.unshift({ value: draft.product, label: draft.product });

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
        <Select
          label={t('adminStatistics.productPicker')}
          searchable
          allowDeselect={false}
          value={draft.product || all}
          onChange={pickProduct}
          data={[{ value: all, label: t('adminStatistics.allProducts') }, ...productChoices]}
          nothingFoundMessage={t('adminStatistics.noProductFound')}
          error={products.isError ? t('adminStatistics.productsError') : undefined}
        />
        <AccountPicker
          label={t('adminStatistics.account')}
          allLabel={t('adminStatistics.allAccounts')}
          clearable={false}
          value={draft.account || null}
          onChange={(account) => setDraft({ ...draft, account: account ?? '' })}
        />
        <Group align="flex-end">
          <Button type="submit">{t('adminStatistics.apply')}</Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}
