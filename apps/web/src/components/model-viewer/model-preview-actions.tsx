import { lazy, Suspense } from 'react';
import type { DownloadableFile } from '@portal/contracts/downloads';

/** The button's own chunk: loaded only for a table that has a model, so no landing page carries 3D code. */
const ModelPreviewButton = lazy(() => import('./model-preview-button').then((module) => ({ default: module.ModelPreviewButton })));

/**
 * The "3D preview" action of a file table (FileTable's `fileActions`), or nothing when no file of the
 * table has a model preview. The viewer and its dialog load only when a preview is opened.
 */
export function modelPreviewActions(files: readonly DownloadableFile[], refreshFiles: () => Promise<readonly DownloadableFile[]>) {
  if (!files.some((file) => file.modelPreview)) return undefined;
  return (file: DownloadableFile) => (
    <Suspense fallback={null}>
      <ModelPreviewButton file={file} refreshFiles={refreshFiles} />
    </Suspense>
  );
}
