import { useTranslation } from 'react-i18next';

interface TablePagerOptions {
  /** The translation saying "from–to of total" for this table. */
  rangeKey: string;
  total: number;
  pageSize: number;
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * The paging props of a console `DataTable`: its range text and the pager's labelled controls.
 * Spread them into the table.
 */
export function useTablePager({ rangeKey, total, pageSize, page, onPageChange }: TablePagerOptions) {
  const { t } = useTranslation();
  return {
    totalRecords: total,
    recordsPerPage: pageSize,
    page,
    onPageChange,
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) => t(rangeKey, { from, to, total: totalRecords }),
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({ 'aria-label': t(`admin.pager.${control}`) }),
  };
}
