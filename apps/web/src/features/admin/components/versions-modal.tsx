import { Alert, Badge, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDocument } from '@portal/contracts/admin-documents';
import { formatDateTime, formatDay, formatFileSize } from '../../../lib/download/format';
import { adminDocumentQueryOptions, invalidateAdminDocuments, withdrawVersion } from '../api/admin-documents-api';
import { refusalMessage } from '../utils/error-message';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { RowActionButton } from '../../../components/ui/row-action-button';

interface VersionsModalProps {
  documentId: string | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * Every version of a document, newest first, withdrawn ones too (they stay listed for staff), with the
 * date until which shipped units rely on each, and a way to withdraw a published one.
 */
export function VersionsModal({ documentId, onClose, onDone }: VersionsModalProps) {
  const { t } = useTranslation();
  const { data, error } = useQuery({ ...adminDocumentQueryOptions(documentId ?? ''), enabled: documentId !== null });
  return (
    <Modal opened={documentId !== null} onClose={onClose} title={data ? t('admin.versions.titleOf', { title: data.title }) : t('admin.versions.title')} size="xl">
      {error && <Alert color="red" role="alert">{refusalMessage(error, t('admin.errors.loadFailed'))}</Alert>}
      {!data && !error && (
        <Center py="lg">
          <Loader aria-label={t('admin.loading')} />
        </Center>
      )}
      {data && data.id === documentId && <VersionList document={data} onDone={onDone} />}
    </Modal>
  );
}

function VersionList({ document, onDone }: { document: AdminDocument; onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const withdraw = async (versionId: string, label: string) => {
    setWithdrawing(versionId);
    setError(null);
    try {
      await withdrawVersion(document.id, versionId);
      await invalidateAdminDocuments();
      onDone(t('admin.versions.withdrawn', { version: label, title: document.title }));
    } catch (cause) {
      setError(refusalMessage(cause, t('admin.errors.saveFailed')));
    } finally {
      setWithdrawing(null);
    }
  };

  return (
    <Stack>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <ScrollTable minWidth={760} verticalSpacing="xs" data-testid="versions-table" headers={[t('admin.versions.columns.version'), t('admin.versions.columns.published'), t('admin.versions.columns.file'), t('admin.versions.columns.changeNote'), t('admin.versions.columns.state'), t('admin.versions.columns.retainedUntil'), null]}>
        {document.versions.map((version) => (
          <Table.Tr key={version.id}>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Text fw={600}>{version.resourceVersion}</Text>
                {version.id === document.currentVersionId && <Badge variant="light" miw="max-content">{t('admin.versions.current')}</Badge>}
              </Group>
            </Table.Td>
            <Table.Td>{formatDateTime(version.publishedAt, i18n.language)}</Table.Td>
            <Table.Td>
              <Text fz="sm">{version.fileName}</Text>
              <Text fz="xs" c="dimmed">
                {formatFileSize(version.size, i18n.language)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{version.changeNote}</Text>
              {!version.significant && (
                <Text fz="xs" c="dimmed">
                  {t('admin.versions.minor')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge color={version.status === 'published' ? 'green' : 'gray'} variant="light" miw="max-content">
                {t(version.status === 'published' ? 'admin.versions.published' : 'admin.versions.withdrawnState')}
              </Badge>
            </Table.Td>
            <Table.Td data-testid="version-retained-until">
              {version.retainedUntil ? (
                <Text fz="sm">{formatDay(version.retainedUntil, i18n.language)}</Text>
              ) : (
                <Text fz="xs" c="dimmed">
                  {t('admin.versions.notRetained')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {version.status === 'published' && (
                <RowActionButton
                  color="red"
                  loading={withdrawing === version.id}
                  onClick={() => void withdraw(version.id, version.resourceVersion)}
                  label={t('admin.versions.withdrawOne', { version: version.resourceVersion })}
                >
                  {t('admin.versions.withdraw')}
                </RowActionButton>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
      <Text fz="xs" c="dimmed">
        {t('admin.versions.keptHint')}
      </Text>
    </Stack>
  );
}
