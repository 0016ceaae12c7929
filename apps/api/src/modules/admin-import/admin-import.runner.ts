import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../platform/db/schema.ts';
import type { PortalEventBus } from '../../platform/events/index.ts';
import { PermanentJobError } from '../../platform/jobs/job-runner.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { AuditContext } from '../audit/index.ts';
import type { ImportPublication } from '../import/index.ts';
import { buildImportReport, completeDerivedItems, ensureCatalogCodes, loadImportCatalog, planImport, runImport, type ImportCounts } from '../import/index.ts';
import { findImport, updateImport, type ImportProgress } from './admin-import.repository.ts';
import { publicationOf } from './admin-import.presenter.ts';
import { importFolderOf } from './admin-import.service.ts';
import { uploadedFilesOf } from './import-upload.ts';

export interface UploadedImportDeps {
  db: Kysely<Database>;
  events: PortalEventBus;
  storage: FileStorage;
  /** Per-file limit of the intake (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** DOCUMENT_REFERENCE_SCHEME: how files whose name gives no reference are numbered. */
  referenceScheme: string;
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const auditContextSchema = z.object({
  actor: z.object({ sub: z.string().nullable(), name: z.string(), roles: z.array(z.string()), account: z.string().nullable() }).nullable(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  source: z.enum(['request', 'import', 'command']),
}) satisfies z.ZodType<AuditContext>;

/** Documents imported at the same time: the server keeps serving meanwhile. */
const concurrency = 2;
/** How often the progress is written while files go in. */
const progressIntervalMs = 500;

const isA = (kind: 'file' | 'folder') => (path: string) => stat(path).then((info) => (kind === 'file' ? info.isFile() : info.isDirectory()), () => false);

const progressOf = (total: number, { added, skipped, refused, failed }: ImportCounts): ImportProgress => ({ total, added, skipped, refused, failed });

/** Writes the progress at most every interval, one write at a time; `settle` waits for the last. */
function progressWriter(write: (progress: ImportProgress) => Promise<void>, log: UploadedImportDeps['log']) {
  let last = 0;
  let writing = Promise.resolve();
  return {
    update(progress: ImportProgress) {
      if (Date.now() - last < progressIntervalMs) return;
      last = Date.now();
      writing = writing.then(() => write(progress)).catch((error: unknown) => log.warn({ err: error }, 'could not record the progress of an import'));
    },
    settle: () => writing,
  };
}

/**
 * The import job: the uploaded folder imported by the rules of `npm run import` (its own
 * `manifest.csv` read when it has one at the top), the progress written as files finish, the report
 * kept at the end. The temporary folder is removed whatever happens; a failure is recorded on the
 * import and not retried (the files are gone).
 */
export async function runUploadedImport(deps: UploadedImportDeps, id: string): Promise<void> {
  const { db } = deps;
  const row = await findImport(db, id);
  if (!row) throw new PermanentJobError(`there is no import ${id}`);
  const folder = importFolderOf(deps.dataDir, id);
  if (row.status === 'done' || row.status === 'failed') {
    await rm(folder, { recursive: true, force: true });
    return;
  }
  let ending: Parameters<typeof updateImport>[2];
  try {
    const audit = auditContextSchema.parse(JSON.parse(row.audit));
    ending = { ...(await importFolder(deps, { id, received: row.total, audit, publication: publicationOf(row.publication) }, uploadedFilesOf(folder))), status: 'done' };
  } catch (error) {
    ending = { status: 'failed', error: (error instanceof Error ? error.message : String(error)).slice(0, 2000) };
  }
  // The folder goes before the import says it has ended: whoever sees the end finds nothing left behind.
  await rm(folder, { recursive: true, force: true });
  await updateImport(db, id, { ...ending, finishedAt: new Date().toISOString() });
  if (ending.error) throw new PermanentJobError(ending.error);
}

interface ImportRun {
  id: string;
  received: number;
  audit: AuditContext;
  publication: ImportPublication;
}

async function importFolder(deps: UploadedImportDeps, { id, received, audit, publication }: ImportRun, files: string) {
  const { db } = deps;
  if (!(await isA('folder')(files))) throw new Error('The uploaded files are not on this host: they stay in the DATA_DIR of the server that received them.');
  await updateImport(db, id, { status: 'running', total: received, added: 0, skipped: 0, refused: 0, failed: 0 });
  const manifest = join(files, 'manifest.csv');
  const planned = await planImport(files, (await isA('file')(manifest)) ? manifest : undefined, await loadImportCatalog(db));
  const plan = { ...planned, items: await completeDerivedItems(db, planned.items, deps.referenceScheme) };
  const created = await ensureCatalogCodes(db, plan.items);
  const total = plan.items.length;
  await updateImport(db, id, { total, added: 0, skipped: 0, refused: 0, failed: 0 });
  const progress = progressWriter((counts) => updateImport(db, id, counts), deps.log);
  const counts = await runImport({ db, events: deps.events, storage: deps.storage, maxBytes: deps.maxBytes, audit, publication }, plan.items, {
    concurrency,
    onProgress: (current) => progress.update(progressOf(total, current)),
  });
  await progress.settle();
  return { ...progressOf(total, counts), report: JSON.stringify(buildImportReport(plan, counts, created)) };
}
