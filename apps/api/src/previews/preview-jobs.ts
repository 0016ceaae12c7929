import { z } from 'zod';
import { previewKindOf } from '@portal/contracts/previews';
import { AppError } from '../platform/errors.ts';
import { PermanentJobError, type JobHandler } from '../platform/jobs/job-runner.ts';
import type { PreviewJobKind } from './enqueue-preview-jobs.ts';
import { conversionFailure } from './conversion-failure.ts';
import { modelPreviewJob } from './model-preview.job.ts';
import { getOfficePdfKey } from './office-pdf.service.ts';
import { extractPdfText, maxPdfBytes } from './pdf-document.ts';
import { pdftotextExtract } from './pdftotext.ts';
import type { PreviewDeps } from './preview-deps.ts';
import { findPreviewVersion, saveVersionText, type PreviewVersion } from '../modules/documents/index.ts';
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
  let bytes: Buffer;
  try {
    bytes = await readStoredFile(deps.storage, pdfKey, maxPdfBytes);
  } catch (error) {
    if (error instanceof FileTooLargeForPreviewError) return null;
    throw error;
  }
  return textWithFallback(deps, bytes);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * pdf.js first; when it refuses the file or finds no text, poppler's pdftotext (when installed).
 * pdf.js's text, even empty, is kept when the second extractor has nothing better.
 */
async function textWithFallback(deps: PreviewDeps, bytes: Buffer): Promise<{ text: string; pageCount: number }> {
  let first: { text: string; pageCount: number } | undefined;
  let firstError: unknown;
  try {
    first = await extractPdfText(bytes, deps.pdfTimeoutMs);
    if (first.text.trim() !== '') return first;
  } catch (error) {
    firstError = error;
  }
  const pdftotext = deps.tools.pdftotext;
  if (pdftotext) {
    try {
      const second = await pdftotextExtract(pdftotext, bytes);
      if (second.text !== '' || !first) return second;
    } catch (error) {
      deps.log.info({ err: conversionFailure(error).logged }, 'pdftotext could not read the PDF either');
      if (!first) throw new PermanentJobError(`text extraction failed: ${messageOf(firstError)}; pdftotext: ${conversionFailure(error).reason}`);
    }
  }
  // pdf.js refused the file (damaged, encrypted) or it went over a limit of the PDF process: another attempt will not help.
  if (!first) throw new PermanentJobError(`text extraction failed: ${messageOf(firstError)}`);
  return first;
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
      if (!result) return;
      // The text and its announcement commit together: search indexes it in the same transaction.
      await deps.events.transaction(deps.db, async (trx, emit) => {
        await saveVersionText(trx, version.id, result.text, result.pageCount);
        await emit('document.text-extracted', { documentId: version.documentId, versionId: version.id });
      });
    }),
    thumbnail: withVersion(async (version) => {
      if (!version.thumbnailKey) await generateThumbnail(deps, version);
    }),
    modelPreview: modelPreviewJob(deps),
  };
}
