import type { Kysely } from 'kysely';
import { previewKindOf } from '@portal/contracts/previews';
import type { Database } from '../platform/db/schema.ts';
import { enqueueJob } from '../platform/jobs/job.repository.ts';
import { isRasterScan } from './raster-pdf.ts';

/*
 * Kept apart from the handlers (pdf.js, sharp, LibreOffice) so that writers such as the import
 * CLI can queue preview work without loading the preview machinery.
 */

export const previewJobKinds = ['officePdf', 'extractText', 'thumbnail', 'modelPreview'] as const;
export type PreviewJobKind = (typeof previewJobKinds)[number];

/** Queues the preview work a new version needs; call it in the transaction that inserts the version. */
export async function enqueuePreviewJobs(db: Kysely<Database>, version: { id: string; fileName: string }): Promise<void> {
  const kind = previewKindOf(version.fileName);
  const kinds: PreviewJobKind[] = [
    ...(kind === 'docs' ? (['officePdf'] as const) : []),
    // A scan is pictures: it has no text to extract.
    ...((kind === 'docs' && !isRasterScan(version.fileName)) || kind === 'pdf' ? (['extractText'] as const) : []),
    'thumbnail',
    // The 3D preview, which also replaces the type-icon thumbnail with a picture of the model.
    ...(kind === 'model' ? (['modelPreview'] as const) : []),
  ];
  for (const jobKind of kinds) {
    await enqueueJob(db, { kind: jobKind, payload: { versionId: version.id }, dedupeKey: `${jobKind}:${version.id}` });
  }
}

/**
 * Queues the 3D preview of a stored CAD file (STEP, IGES, BREP, STL) outside the documents: a partner library
 * file's or a CAD set's. One job per stored file, however often it is offered.
 */
export async function enqueueModelPreviewJob(
  db: Kysely<Database>,
  file: { storageKey: string; fileName: string },
): Promise<void> {
  if (previewKindOf(file.fileName) !== 'model') return;
  await enqueueJob(db, { kind: 'modelPreview', payload: { sourceKey: file.storageKey, fileName: file.fileName }, dedupeKey: `modelPreview:${file.storageKey}` });
}
