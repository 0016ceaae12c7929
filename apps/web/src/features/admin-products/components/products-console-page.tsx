import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@portal/contracts/retention';
import { PageFrame } from '../../../components/layouts/page-frame';
import { QueryTable } from '../../../components/ui/query-table';
import { adminProductsQueryOptions } from '../api/products-api';
import { ProductLifetimeModal } from './product-lifetime-modal';

/** /admin/products: every product and its expected lifetime, which sets how long its units' instructions are kept. */
export function ProductsConsolePage() {
  const { t } = useTranslation();
  const products = useQuery(adminProductsQueryOptions());
  const [editing, setEditing] = useState<AdminProduct | null>(null);

  const columns: DataTableColumn<AdminProduct>[] = [
    { accessor: 'code', title: t('adminProducts.columns.code'), noWrap: true },
    { accessor: 'name', title: t('adminProducts.columns.name') },
    { accessor: 'family', title: t('adminProducts.columns.family') },
    { accessor: 'lifetimeYears', title: t('adminProducts.columns.lifetime'), textAlign: 'right', render: (product) => t('adminProducts.years', { count: product.lifetimeYears }) },
    {
      accessor: 'actions',
      title: t('adminProducts.columns.actions'),
      textAlign: 'right',
      render: (product) => (
        <Button size="compact-sm" variant="light" leftSection={<IconEdit size={14} aria-hidden />} onClick={() => setEditing(product)} aria-label={t('adminProducts.editOne', { code: product.code })}>
          {t('adminProducts.edit.button')}
        </Button>
      ),
    },
  ];

  return (
    <PageFrame title={t('adminProducts.title')} description={t('adminProducts.description')}>
      <Text fz="sm">{t('adminProducts.fields.lifetimeHint')}</Text>
      <QueryTable<AdminProduct>
        query={products}
        idAccessor="code"
        records={products.data?.items ?? []}
        columns={columns}
        loadFailed={t('adminProducts.errors.loadFailed')}
        empty={t('adminProducts.empty')}
      />
      <ProductLifetimeModal
        product={editing}
        onClose={() => setEditing(null)}
        onSaved={(product) => notifications.show({ color: 'green', message: t('adminProducts.edit.saved', { code: product.code, count: product.lifetimeYears }) })}
      />
    </PageFrame>
  );
}
