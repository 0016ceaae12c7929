import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { AdminImport, AdminImportPage, AdminImportSummary, ImportedDocuments, ImportPreviewBody } from '@portal/contracts/admin-import';
import type { Database } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import type { AuditContext } from '../audit/index.ts';
import { documentSummaries } from '../documents/index.ts';
import { completeDerivedItems, importReportCsv, loadImportCatalog, planImport, previewImport } from '../import/index.ts';
import { findImport, importJobKey, insertImport, listImports, type AdminImportRow } from './admin-import.repository.ts';
import { presentImport, presentImportSummary, publicationText } from './admin-import.presenter.ts';
import { uploadedFilesOf, type ReceivedUpload } from './import-upload.ts';

export const adminImportJobKind = 'adminImport';

export interface AdminImportDeps {
  db: Kysely<Database>;
  /** Called after the commit that queued the import's job (the job runner's wake-up). */
  afterCommit?: () => void;
}

/** The temporary folder of one import under DATA_DIR: the upload, then its files, until the job ends. */
export const importsFolderOf = (dataDir: string) => join(dataDir, 'imports');
export const importFolderOf = (dataDir: string, id: string) => join(importsFolderOf(dataDir), id);

async function requireImport(db: Kysely<Database>, id: string): Promise<AdminImportRow> {
  const row = await findImport(db, id);
  if (!row) throw notFound('notFound', 'There is no import with this id.');
  return row;
}

/** Records the import and queues its job in one transaction; the files are already in its folder. */
export async function createImport(deps: AdminImportDeps, id: string, upload: ReceivedUpload, audit: AuditContext): Promise<AdminImportSummary> {
  const now = new Date().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await insertImport(trx, {
      id, source: upload.source, kind: upload.kind, status: 'queued', total: upload.files,
      report: null, error: null, audit: JSON.stringify({ ...audit, source: 'import' }), createdBy: audit.actor?.name ?? 'unknown',
      createdAt: now, updatedAt: now, finishedAt: null, publication: publicationText(upload.publication),
    });
    await enqueueJob(trx, { kind: adminImportJobKind, payload: { importId: id }, dedupeKey: importJobKey(id) });
  });
  deps.afterCommit?.();
  return presentImportSummary(await requireImport(deps.db, id));
}

export async function getImport(db: Kysely<Database>, id: string): Promise<AdminImport> {
  return presentImport(await requireImport(db, id));
}

export async function getImportPage(db: Kysely<Database>, page: number, pageSize: number): Promise<AdminImportPage> {
  const { rows, total } = await listImports(db, page, pageSize);
  return { items: rows.map(presentImportSummary), total, page, pageSize };
}

/** The report as CSV (the CLI's `--report report.csv`); 409 until the import has finished. */
export async function importReportCsvOf(db: Kysely<Database>, id: string): Promise<string> {
  const { report } = presentImport(await requireImport(db, id));
  if (!report) throw conflict('The import has no report yet: it has not finished.');
  return importReportCsv(report);
}

/**
 * The dry run of an upload received into `folder`: planned as the import job would plan it (the folder's own
 * manifest, the catalogue, titles and references for files whose names give none), then each file checked
 * against the intake and the documents there. Reads only: no row, no stored file, no event.
 */
export async function previewUpload(db: Kysely<Database>, folder: string, upload: ReceivedUpload, options: { maxBytes: number; referenceScheme: string }): Promise<ImportPreviewBody> {
  const files = uploadedFilesOf(folder);
  const manifest = join(files, 'manifest.csv');
  const hasManifest = await stat(manifest).then((info) => info.isFile(), () => false);
  const planned = await planImport(files, hasManifest ? manifest : undefined, await loadImportCatalog(db));
  const plan = { ...planned, items: await completeDerivedItems(db, planned.items, options.referenceScheme) };
  return { source: upload.source, kind: upload.kind, ...(await previewImport(db, plan, options.maxBytes)) };
}

/** The documents the import created (its drafts to review), in the order of their files; 409 until it has finished. */
export async function importedDocumentsOf(db: Kysely<Database>, id: string): Promise<ImportedDocuments> {
  const { report } = presentImport(await requireImport(db, id));
  if (!report) throw conflict('The import has not finished: it has created no documents yet.');
  const created = report.files.filter((file) => file.outcome === 'added' && file.created === 'document' && file.documentId);
  const summaries = new Map((await documentSummaries(db, created.map((file) => file.documentId as string))).map((row) => [row.id, row]));
  return {
    items: created.flatMap((file) => {
      const document = summaries.get(file.documentId as string);
      if (!document) return [];
      const { id: documentId, serviceRef, title, typeCode, languageCode, products, status, scheduledAt } = document;
      return [{ id: documentId, serviceRef, title, typeCode, languageCode, products, status, scheduledAt, path: file.path }];
    }),
  };
}
