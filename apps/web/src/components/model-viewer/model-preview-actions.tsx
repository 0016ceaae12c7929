import type { DownloadableFile } from '@portal/contracts/downloads';
import { ModelPreviewButton } from './model-preview-button';

/**
 * The "3D preview" action of a file table (FileTable's `fileActions`), or nothing when no file of the
 * table has a model preview. The viewer and its dialog load only when a preview is opened.
 */
export function modelPreviewActions(files: readonly DownloadableFile[], refreshFiles: () => Promise<readonly DownloadableFile[]>) {
  if (!files.some((file) => file.modelPreview)) return undefined;
  return (file: DownloadableFile) => <ModelPreviewButton file={file} refreshFiles={refreshFiles} />;
}
