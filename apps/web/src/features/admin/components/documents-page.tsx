import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconEyeOff, IconFolderUp, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminDocumentListItem } from '@portal/contracts/admin-document-list';
import { PageFrame } from '../../../components/layouts/page-frame';
import { formatDateTime } from '../../../lib/download/format';
import { adminDocumentsQueryOptions, invalidateAdminDocuments, setDocumentState } from '../api/admin-documents-api';
import { useCodeOptions } from '../hooks/use-code-options';
import { useDocumentsQueryState } from '../hooks/use-documents-query-state';
import { refusalMessage } from '../utils/error-message';
import { AccessModal } from './access-modal';
import { ApplicabilityModal } from './applicability-modal';
import { BulkEditModal } from './bulk-edit-modal';
import { DocumentsFilters } from './documents-filters';
import { DocumentsTable, type RowAction } from './documents-table';
import { EditDocumentModal } from './edit-document-modal';
import { NewVersionModal } from './new-version-modal';
import { SchedulePublicationModal } from './schedule-publication-modal';
import { UploadPanel } from './upload-panel';
import { VersionsModal } from './versions-modal';

const done = (message: string) => notifications.show({ color: 'green', message });

/**
 * /admin/documents: every document, whatever its state, with upload, bulk (un)publishing and per-row actions.
 * As the console's home it shows `notices` from other console features (placed by the app's route) first.
 */
export function DocumentsPage({ notices }: { notices?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [state, update] = useDocumentsQueryState();
  const { data, isFetching, error } = useQuery(adminDocumentsQueryOptions(state));
  const options = useCodeOptions();
  const [selected, setSelected] = useState<AdminDocumentListItem[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [versioning, setVersioning] = useState<AdminDocumentListItem | null>(null);
  const [scheduling, setScheduling] = useState<AdminDocumentListItem | null>(null);
  const [restricting, setRestricting] = useState<string | null>(null);
  const [placing, setPlacing] = useState<AdminDocumentListItem | null>(null);
  const [listingVersions, setListingVersions] = useState<string | null>(null);
  const [bulkEditing, setBulkEditing] = useState<AdminDocumentListItem[] | null>(null);
  const [busy, setBusy] = useState(false);
  const typeLabel = (code: string) => options.types.find((option) => option.value === code)?.label ?? code;

  const setStates = async (documents: AdminDocumentListItem[], action: 'publish' | 'unpublish') => {
    setBusy(true);
    const results = await Promise.allSettled(documents.map((document) => setDocumentState(document.id, action)));
    setBusy(false);
    await invalidateAdminDocuments();
    const failed = results.flatMap((result, index) => (result.status === 'rejected' ? [`${documents[index]!.title}: ${refusalMessage(result.reason, t('admin.errors.saveFailed'))}`] : []));
    const succeeded = documents.length - failed.length;
    if (succeeded > 0) done(t(`admin.documents.bulk.${action}Done`, { count: succeeded }));
    if (failed.length > 0) notifications.show({ color: 'red', title: t('admin.errors.someFailed', { count: failed.length }), message: failed.join('\n'), autoClose: false });
    setSelected((current) => current.filter((document) => !documents.includes(document)));
  };

  const onAction = (document: AdminDocumentListItem, action: RowAction) => {
    if (action === 'edit') setEditing(document.id);
    else if (action === 'newVersion') setVersioning(document);
    else if (action === 'schedule') setScheduling(document);
    else if (action === 'access') setRestricting(document.id);
    else if (action === 'applicability') setPlacing(document);
    else if (action === 'versions') setListingVersions(document.id);
    else void setStates([document], action);
  };

  return (
    <PageFrame title={t('admin.documents.title')} description={t('admin.documents.description')}>
      {notices}
      <Group justify="end">
        <Button component={Link} to="/admin/imports" variant="light" leftSection={<IconFolderUp size={16} aria-hidden="true" />}>
          {t('adminImport.open')}
        </Button>
      </Group>
      <UploadPanel options={options} onUploaded={(count) => done(t('admin.upload.uploaded', { count }))} />
      <DocumentsFilters
        state={state}
        options={options}
        onChange={(patch, navigation) => {
          setSelected([]);
          update(patch, navigation);
        }}
      />
      {selected.length > 0 && (
        <Paper withBorder radius="md" px="md" py="xs" aria-live="polite" data-testid="bulk-actions">
          <Group justify="space-between" wrap="wrap">
            <Text fz="sm" fw={500}>
              {t('admin.documents.bulk.selected', { count: selected.length })}
            </Text>
            <Group gap="xs">
              <Button size="xs" leftSection={<IconEye size={16} aria-hidden="true" />} loading={busy} onClick={() => void setStates(selected, 'publish')}>
                {t('admin.documents.bulk.publish')}
              </Button>
              <Button size="xs" variant="default" leftSection={<IconEyeOff size={16} aria-hidden="true" />} loading={busy} onClick={() => void setStates(selected, 'unpublish')}>
                {t('admin.documents.bulk.unpublish')}
              </Button>
              <Button size="xs" variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setBulkEditing(selected)}>
                {t('admin.documents.bulk.edit')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                {t('admin.documents.bulk.clear')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {error && (
        <Text c="red" role="alert">
          {refusalMessage(error, t('admin.errors.loadFailed'))}
        </Text>
      )}
      <Stack gap="xs">
        <DocumentsTable
          data={data}
          fetching={isFetching}
          state={state}
          onChange={(patch) => {
            if (!('page' in patch)) setSelected([]);
            update(patch);
          }}
          selected={selected}
          onSelectedChange={setSelected}
          typeLabel={typeLabel}
          onAction={onAction}
        />
      </Stack>
      <EditDocumentModal documentId={editing} options={options} onClose={() => setEditing(null)} onDone={(title) => done(t('admin.edit.saved', { title }))} />
      <NewVersionModal document={versioning} onClose={() => setVersioning(null)} onDone={(title) => done(t('admin.newVersion.added', { title }))} />
      <SchedulePublicationModal
        document={scheduling}
        onClose={() => setScheduling(null)}
        onDone={(title, at) => done(t('admin.schedule.done', { title, time: formatDateTime(at, i18n.language) }))}
      />
      <AccessModal documentId={restricting} onClose={() => setRestricting(null)} onDone={(title) => done(t('admin.access.saved', { title }))} />
      <VersionsModal documentId={listingVersions} onClose={() => setListingVersions(null)} onDone={done} />
      <ApplicabilityModal document={placing} onClose={() => setPlacing(null)} onDone={(title) => done(t('admin.documents.actions.applicabilitySaved', { title }))} />
      <BulkEditModal
        documents={bulkEditing}
        options={options}
        onClose={() => setBulkEditing(null)}
        onDone={(changed) => {
          if (changed.length > 0) done(t('admin.bulkEdit.done', { count: changed.length }));
          setSelected((current) => current.filter((document) => !changed.some((one) => one.id === document.id)));
        }}
      />
    </PageFrame>
  );
}
