import { ActionIcon, Loader, RingProgress } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDownloadDocument } from './use-download-document';
import type { ViewerDocument } from '../../lib/documents/viewer-document';

export interface DownloadDocumentButtonProps {
  document: Pick<ViewerDocument, 'id' | 'fileName' | 'downloadableDocument' | 'versionId'>;
}

/** Downloads the document under its file name; renders nothing when it is not downloadable (spec §6). */
export function DownloadDocumentButton({ document }: DownloadDocumentButtonProps) {
  const { t } = useTranslation();
  const { download, downloading, progress } = useDownloadDocument();
  if (!document.downloadableDocument) return null;

  const percent = progress?.total ? Math.round((progress.loaded / progress.total) * 100) : null;
  const label = t('documentActions.download');
  // A native tooltip, like the star's: a result page holds 24 of these buttons.
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      title={label}
      aria-busy={downloading}
      data-testid="download-document"
      onClick={() => void download(document)}
      disabled={downloading}
    >
      {!downloading && <IconDownload size={20} stroke={1.7} />}
      {downloading && percent === null && <Loader size={16} />}
      {downloading && percent !== null && <RingProgress size={28} thickness={3} sections={[{ value: percent, color: 'brand' }]} />}
    </ActionIcon>
  );
}
