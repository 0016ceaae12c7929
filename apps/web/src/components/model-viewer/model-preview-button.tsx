import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCube3dSphere } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadableFile } from '@portal/contracts/downloads';
import { loadOnce } from '../../lib/load-once';
import { loadModelTexts } from './model-texts';

/** The dialog with the viewer, three.js and the viewer's texts: loaded when a preview is about to open. */
const loadDialog = loadOnce(() => Promise.all([import('./model-preview-dialog'), loadModelTexts()]).then(([dialog]) => dialog));
const ModelPreviewDialog = lazy(loadDialog);

export interface ModelPreviewButtonProps {
  file: DownloadableFile;
  /**
   * Asks the files' answer again (its signed GLB URLs expire): the viewer takes the fresh URL of this
   * file when the one it was given no longer loads.
   */
  refreshFiles: () => Promise<readonly DownloadableFile[]>;
}

/**
 * "3D preview" beside a CAD download whose answer carries the model's preview. The button is light
 * (icons and a tooltip the download pages already have); the dialog, three.js and the viewer's texts
 * load when it is hovered, focused or clicked. Nothing is shown for files without a preview.
 */
export function ModelPreviewButton({ file, refreshFiles }: ModelPreviewButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (!file.modelPreview) return null;
  const preload = () => {
    loadDialog().catch(() => undefined);
  };
  return (
    <>
      <Tooltip label={t('viewer.model.open')} withinPortal>
        <ActionIcon variant="subtle" aria-label={t('viewer.model.openTitle', { name: file.fileName })} onMouseEnter={preload} onFocus={preload} onClick={() => setOpened(true)} data-testid="model-preview-button">
          <IconCube3dSphere size={18} />
        </ActionIcon>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <ModelPreviewDialog file={file} refreshFiles={refreshFiles} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
