import { z } from 'zod';
import { previewKindOf } from '@portal/contracts/previews';
import { AppError } from '../platform/errors.ts';
import { PermanentJobError, type JobHandler } from '../platform/jobs/job-runner.ts';
import type { PreviewJobKind } from './enqueue-preview-jobs.ts';
import { getOfficePdfKey } from './office-pdf.service.ts';
import { extractPdfText, maxPdfBytes } from './pdf-document.ts';
import type { PreviewDeps } from './preview-deps.ts';
import { findPreviewVersion, saveVersionText, type PreviewVersion } from './preview.repository.ts';
import { FileTooLargeForPreviewError, readStoredFile } from './stored-file-access.ts';
import { generateThumbnail } from './thumbnail.service.ts';

const payloadSchema = z.object({ versionId: z.string().min(1) });

const isNoPreview = (error: unknown) => error instanceof AppError && error.code === 'noPreview';

/** The text of a PDF or of an Office file's PDF rendition, or null when there is none to read. */
async function readableText(deps: PreviewDeps, version: PreviewVersion): Promise<{ text: string; pageCount: number } | null> {
  const kind = previewKindOf(version.fileName);
  let pdfKey = version.storageKey;
  if (kind === 'docs') {
    try {
      pdfKey = await getOfficePdfKey(deps, version);
    } catch (error) {
      if (isNoPreview(error)) return null;
      throw error;
    }
  } else if (kind !== 'pdf') {
    return null;
  }
  try {
    return await extractPdfText(await readStoredFile(deps.storage, pdfKey, maxPdfBytes), deps.pdfTimeoutMs);
  } catch (error) {
    if (error instanceof FileTooLargeForPreviewError) return null;
    // pdf.js refused the file (damaged, encrypted) or it went over a limit of the PDF process: another attempt will not help.
    throw new PermanentJobError(`text extraction failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The handlers of the preview jobs; each is safe to run twice (the result is checked and overwritten). */
export function previewJobHandlers(deps: PreviewDeps): Record<PreviewJobKind, JobHandler> {
  const withVersion = (work: (version: PreviewVersion) => Promise<void>): JobHandler => async (payload) => {
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('the job payload has no versionId');
    const version = await findPreviewVersion(deps.db, parsed.data.versionId);
    // A version deleted since is not an error: there is nothing left to preview.
    if (version) await work(version);
  };
  return {
    officePdf: withVersion(async (version) => {
      await getOfficePdfKey(deps, version).catch((error: unknown) => {
        if (!isNoPreview(error)) throw error;
      });
    }),
    extractText: withVersion(async (version) => {
      const result = await readableText(deps, version);
      if (result) await saveVersionText(deps.db, version, result.text, result.pageCount);
    }),
    thumbnail: withVersion(async (version) => {
      if (!version.thumbnailKey) await generateThumbnail(deps, version);
    }),
  };
}
