import { ActionIcon, Badge, Group, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendarTime, IconDots, IconEye, IconEyeOff, IconFileUpload, IconHistory, IconLock, IconPencil, IconTargetArrow, type Icon } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import type { AdminDocumentListItem, AdminDocumentListResponse, AdminDocumentSort } from '@portal/contracts/admin-document-list';
import { formatDateTime } from '../../../lib/download/format';
import { languageName } from '../../../lib/i18n/language-name';
import { useHelpfulShares } from '../api/helpful-shares-api';
import { documentsPageSizes, type DocumentsQueryState } from '../utils/documents-query-state';
import { HelpfulShareCell } from './helpful-share-cell';

export type RowAction = 'publish' | 'unpublish' | 'schedule' | 'access' | 'applicability' | 'edit' | 'newVersion' | 'versions';

interface DocumentsTableProps {
  data: AdminDocumentListResponse | undefined;
  fetching: boolean;
  state: DocumentsQueryState;
  onChange: (patch: Partial<DocumentsQueryState>) => void;
  selected: AdminDocumentListItem[];
  onSelectedChange: (selected: AdminDocumentListItem[]) => void;
  typeLabel: (code: string) => string;
  onAction: (document: AdminDocumentListItem, action: RowAction) => void;
}

const sortColumn: Record<AdminDocumentSort, string> = { title: 'title', type: 'typeCode', updatedAt: 'updatedAt' };
/** A newly chosen column starts in its natural order: names A to Z, changes newest first. */
const firstDirection: Record<AdminDocumentSort, 'asc' | 'desc'> = { title: 'asc', type: 'asc', updatedAt: 'desc' };
const sortOf = (column: string): AdminDocumentSort => (Object.keys(sortColumn) as AdminDocumentSort[]).find((sort) => sortColumn[sort] === column) ?? 'updatedAt';

/** The row menu's entries after publishing, in their order. */
const menuActions: readonly { action: RowAction; icon: Icon }[] = [
  { action: 'schedule', icon: IconCalendarTime },
  { action: 'access', icon: IconLock },
  { action: 'applicability', icon: IconTargetArrow },
  { action: 'edit', icon: IconPencil },
  { action: 'newVersion', icon: IconFileUpload },
  { action: 'versions', icon: IconHistory },
];

const stateColor = { published: 'green', scheduled: 'blue', unpublished: 'gray' } as const;

function RowMenu({ document, onAction }: { document: AdminDocumentListItem; onAction: DocumentsTableProps['onAction'] }) {
  const { t } = useTranslation();
  const published = document.state === 'published';
  const scheduled = document.state === 'scheduled';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('admin.documents.actions.menu', { title: document.title })}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={published ? <IconEyeOff size={16} aria-hidden="true" /> : <IconEye size={16} aria-hidden="true" />}
          onClick={() => onAction(document, published ? 'unpublish' : 'publish')}
        >
          {t(published ? 'admin.documents.actions.unpublish' : scheduled ? 'admin.documents.actions.publishNow' : 'admin.documents.actions.publish')}
        </Menu.Item>
        {scheduled && (
          <Menu.Item leftSection={<IconEyeOff size={16} aria-hidden="true" />} onClick={() => onAction(document, 'unpublish')}>
            {t('admin.documents.actions.cancelSchedule')}
          </Menu.Item>
        )}
        {menuActions.map(({ action, icon: EntryIcon }) => (
          <Menu.Item key={action} leftSection={<EntryIcon size={16} aria-hidden="true" />} onClick={() => onAction(document, action)}>
            {t(`admin.documents.actions.${action}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The server-paged document table: sorting and paging change the URL state, the server does the work. */
export function DocumentsTable({ data, fetching, state, onChange, selected, onSelectedChange, typeLabel, onAction }: DocumentsTableProps) {
  const { t, i18n } = useTranslation();
  const sortStatus: DataTableSortStatus<AdminDocumentListItem> = { columnAccessor: sortColumn[state.sort], direction: state.direction };
  const shares = useHelpfulShares(data?.items.map((document) => document.id) ?? []);

  return (
    <DataTable<AdminDocumentListItem>
      aria-label={t('admin.documents.tableLabel')}
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalAlign="top"
      minHeight={data?.items.length ? undefined : 180}
      records={data?.items ?? []}
      fetching={fetching}
      idAccessor="id"
      totalRecords={data?.total ?? 0}
      page={state.page}
      onPageChange={(page) => onChange({ page })}
      recordsPerPage={state.pageSize}
      recordsPerPageOptions={[...documentsPageSizes]}
      onRecordsPerPageChange={(pageSize) => onChange({ pageSize })}
      recordsPerPageLabel={t('admin.documents.pageSize')}
      paginationText={({ from, to, totalRecords }) => t('admin.documents.pagination', { from, to, total: totalRecords })}
      getPaginationControlProps={(control) => ({ 'aria-label': t(`admin.documents.pageControls.${control}`) })}
      noRecordsText={t('admin.documents.empty')}
      loadingText={t('admin.loading')}
      sortStatus={sortStatus}
      onSortStatusChange={({ columnAccessor, direction }) => {
        const sort = sortOf(String(columnAccessor));
        onChange({ sort, direction: sort === state.sort ? direction : firstDirection[sort] });
      }}
      selectedRecords={selected}
      onSelectedRecordsChange={onSelectedChange}
      allRecordsSelectionCheckboxProps={{ 'aria-label': t('admin.documents.selectPage') }}
      getRecordSelectionCheckboxProps={(record) => ({ 'aria-label': t('admin.documents.selectOne', { title: record.title }) })}
      columns={[
        {
          accessor: 'title',
          title: t('admin.documents.columns.title'),
          sortable: true,
          render: (document) => (
            <Stack gap={0}>
              <Text fz="sm" fw={500} lineClamp={2}>
                {document.title}
              </Text>
              <Text fz="xs" c="dimmed">
                {document.serviceRef}
              </Text>
            </Stack>
          ),
        },
        { accessor: 'typeCode', title: t('admin.documents.columns.type'), sortable: true, render: (document) => typeLabel(document.typeCode) },
        { accessor: 'languageCode', title: t('admin.documents.columns.language'), render: (document) => languageName(document.languageCode, i18n.language) },
        { accessor: 'products', title: t('admin.documents.columns.products'), render: (document) => document.products.join(', ') },
        {
          accessor: 'audience',
          title: t('admin.documents.columns.audience'),
          render: ({ audience }) =>
            audience.kind === 'everyone' ? t('admin.documents.audience.everyone') : t('admin.documents.audience.restrictedRules', { count: audience.rules }),
        },
        {
          accessor: 'state',
          title: t('admin.documents.columns.state'),
          noWrap: true,
          render: (document) => (
            <Badge variant="light" color={stateColor[document.state]} miw="max-content">
              {document.state === 'scheduled' && document.scheduledAt
                ? t('admin.documents.state.scheduledAt', { time: formatDateTime(document.scheduledAt, i18n.language) })
                : t(`admin.documents.state.${document.state}`)}
            </Badge>
          ),
        },
        { accessor: 'currentVersion', title: t('admin.documents.columns.version'), render: (document) => document.currentVersion?.resourceVersion ?? '—' },
        { accessor: 'helpful', title: t('feedback.documentsColumn'), noWrap: true, render: (document) => <HelpfulShareCell documentId={document.id} share={shares?.get(document.id)} /> },
        { accessor: 'updatedAt', title: t('admin.documents.columns.updatedAt'), sortable: true, render: (document) => formatDateTime(document.updatedAt, i18n.language) },
        {
          accessor: 'actions',
          title: <VisuallyHidden>{t('admin.documents.columns.actions')}</VisuallyHidden>,
          textAlign: 'right',
          render: (document) => (
            <Group justify="end" wrap="nowrap">
              <RowMenu document={document} onAction={onAction} />
            </Group>
          ),
        },
      ]}
    />
  );
}
