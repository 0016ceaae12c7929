import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { AdminImport, AdminImportPage, AdminImportSummary } from '@portal/contracts/admin-import';
import type { Database } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import type { AuditContext } from '../audit/index.ts';
import { importReportCsv } from '../import/index.ts';
import { findImport, importJobKey, insertImport, listImports, type AdminImportRow } from './admin-import.repository.ts';
import { presentImport, presentImportSummary } from './admin-import.presenter.ts';
import type { ReceivedUpload } from './import-upload.ts';

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
      createdAt: now, updatedAt: now, finishedAt: null,
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
