import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client/api-error';
import type { ViewerDocument } from '../../lib/documents/viewer-document';
import { useDownloadDocument } from '../document-actions/use-download-document';

/** Why the preview failed, in the reader's language, with the server's own reason beneath when it gave one. */
function failureText(error: unknown): { key: 'notFound' | 'notPossible' | 'failed'; reason: string | undefined } {
  if (!(error instanceof ApiError)) return { key: 'failed', reason: undefined };
  const reason = error.serverMessage?.trim().slice(0, 300) || undefined;
  if (error.status === 404) return { key: 'notFound', reason };
  if (error.status === 422) return { key: 'notPossible', reason };
  return { key: 'failed', reason: error.status >= 500 ? undefined : reason };
}

/**
 * Shown instead of an empty body when a preview could not be made (no LibreOffice, a failed
 * conversion, the rendition missing): says why and offers the download when it is allowed.
 */
export function PreviewFailedPanel({ document, error }: { document: ViewerDocument; error: unknown }) {
  const { t } = useTranslation();
  const { download, downloading } = useDownloadDocument();
  const { key, reason } = failureText(error);
  return (
    <Box p="md" data-testid="preview-failed">
      <Alert variant="light" color="orange" radius="sm" icon={<IconAlertTriangle size={20} aria-hidden />} title={t(`viewer.previewFailed.${key}`)} role="status">
        <Stack gap="sm" align="flex-start">
          {reason && <Text size="sm" data-testid="preview-failed-reason">{reason}</Text>}
          <Text size="sm">{document.downloadableDocument ? t('viewer.previewFailed.download') : t('viewer.previewFailed.noDownload')}</Text>
          {document.downloadableDocument && (
            <Button leftSection={<IconDownload size={18} aria-hidden />} loading={downloading} onClick={() => void download(document)}>
              {t('viewer.previewFailed.downloadButton', { name: document.fileName })}
            </Button>
          )}
        </Stack>
      </Alert>
    </Box>
  );
}
