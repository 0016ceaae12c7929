import { fileExtension, previewKindOf } from '@portal/contracts/previews';
import { AppError } from '../platform/errors.ts';
import { conversionFailure } from './conversion-failure.ts';
import { imageThumbnail, thumbnailWidth, typeIconThumbnail } from './image-thumbnail.ts';
import { getOfficePdfKey } from './office-pdf.service.ts';
import { maxPdfBytes, renderPdfFirstPage } from './pdf-document.ts';
import { isRasterScan } from './raster-pdf.ts';
import type { PreviewDeps } from './preview-deps.ts';
import { updateVersionPreview, type PreviewVersion } from '../modules/documents/index.ts';
import { FileTooLargeForPreviewError, placeStoredFile, readStoredFile, storeBytes, withTempDir } from './stored-file-access.ts';
import { videoPoster } from './video-poster.ts';

interface Pictures {
  thumbnail: Buffer;
  poster?: Buffer;
}

/**
 * Makes and stores a version's thumbnail (PNG, 320 px wide) and, for videos, its poster frame.
 * A file whose content cannot be drawn (damaged, too large, no LibreOffice or ffmpeg) gets its
 * type icon; storage and database errors are thrown so the job is retried.
 */
export async function generateThumbnail(deps: PreviewDeps, version: PreviewVersion): Promise<string> {
  const pictures = await drawPictures(deps, version);
  const thumbnailKey = await storeBytes(deps.storage, pictures.thumbnail);
  const posterKey = pictures.poster ? await storeBytes(deps.storage, pictures.poster) : null;
  await updateVersionPreview(deps.db, version.id, { thumbnailKey, ...(posterKey ? { posterKey } : {}) });
  return thumbnailKey;
}

async function drawPictures(deps: PreviewDeps, version: PreviewVersion): Promise<Pictures> {
  const kind = previewKindOf(version.fileName);
  const icon = async (reason: unknown): Promise<Pictures> => {
    if (reason !== undefined) {
      deps.log.info({ versionId: version.id, reason: conversionFailure(reason).logged }, 'thumbnail falls back to the type icon');
    }
    return { thumbnail: await typeIconThumbnail(kind, version.fileName) };
  };
  try {
    switch (kind) {
      case 'pdf':
        return await drawPdf(deps, await readStoredFile(deps.storage, version.storageKey, maxPdfBytes));
      case 'docs':
        // sharp draws a scan's first page itself; the PDF made of it would only be drawn back.
        if (isRasterScan(version.fileName)) return await drawImage(await readStoredFile(deps.storage, version.storageKey, maxPdfBytes));
        return await drawPdf(deps, await readStoredFile(deps.storage, await getOfficePdfKey(deps, version), maxPdfBytes));
      case 'image':
        return await drawImage(await readStoredFile(deps.storage, version.storageKey, maxPdfBytes));
      case 'video':
        return deps.tools.ffmpeg ? await drawVideo(deps, deps.tools.ffmpeg, version) : await icon(undefined);
      default:
        return await icon(undefined);
    }
  } catch (error) {
    if (error instanceof ContentError || error instanceof FileTooLargeForPreviewError) return icon(error.cause ?? error);
    if (error instanceof AppError && error.code === 'noPreview') return icon(error);
    throw error;
  }
}

/** Errors of the content itself (a parser or a program refusing the file): another attempt will not help. */
class ContentError extends Error {}

async function contentStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new ContentError('the file could not be drawn', { cause: error });
  }
}

const drawPdf = async (deps: PreviewDeps, bytes: Buffer): Promise<Pictures> => ({
  thumbnail: await contentStep(() => renderPdfFirstPage(bytes, thumbnailWidth, deps.pdfTimeoutMs)),
});

const drawImage = async (bytes: Buffer): Promise<Pictures> => ({ thumbnail: await contentStep(() => imageThumbnail(bytes)) });

async function drawVideo(deps: PreviewDeps, ffmpeg: string, version: PreviewVersion): Promise<Pictures> {
  return withTempDir(async (dir) => {
    const input = await placeStoredFile(deps.storage, version.storageKey, dir, `video.${fileExtension(version.fileName) || 'bin'}`);
    const poster = await contentStep(() => videoPoster(ffmpeg, input, dir));
    return { thumbnail: await contentStep(() => imageThumbnail(poster)), poster };
  });
}
