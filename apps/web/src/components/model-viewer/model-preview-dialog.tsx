import { Box, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DownloadableFile } from '@portal/contracts/downloads';
import { resolveServerUrl } from '../../lib/api-client/server-url';
import { useBreakpoint } from '../../lib/hooks/use-breakpoint';
import ModelViewer from './model-viewer';
import type { ModelPreviewButtonProps } from './model-preview-button';

/** The fresh signed GLB URL of a file, from its answer asked again; fails when the file has no preview any more. */
export async function freshModelUrl(fileId: string, refreshFiles: () => Promise<readonly DownloadableFile[]>): Promise<string> {
  const file = (await refreshFiles()).find((candidate) => candidate.id === fileId);
  if (!file?.modelPreview) throw new Error('The file has no 3D preview any more.');
  return resolveServerUrl(file.modelPreview.data);
}

/** The CAD file's model in a dialog (full screen on phones); loaded with the viewer when a preview is opened. */
export default function ModelPreviewDialog({ file, refreshFiles, onClose }: ModelPreviewButtonProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'xs';
  if (!file.modelPreview) return null;
  return (
    <Modal opened onClose={onClose} title={t('viewer.model.openTitle', { name: file.fileName })} fullScreen={phone} size="90%" closeButtonProps={{ 'aria-label': t('viewer.close') }}>
      <Box h={phone ? 'calc(100dvh - 80px)' : '75vh'}>
        <ModelViewer url={resolveServerUrl(file.modelPreview.data)} freshUrl={() => freshModelUrl(file.id, refreshFiles)} title={file.fileName} />
      </Box>
    </Modal>
  );
}
