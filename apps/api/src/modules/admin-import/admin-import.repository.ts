import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { jobStatesByKey } from '../../platform/jobs/job-console.repository.ts';
import type { AdminImportsTable } from './admin-import.tables.ts';

export type AdminImportRow = Selectable<AdminImportsTable> & { jobStatus: string | null; jobError: string | null };

/** The job that runs an import: one per import, found again by this key. */
export const importJobKey = (id: string) => `admin-import:${id}`;

/** Imports with the state of their job (an import whose job ran out of attempts shows as failed): one query for the rows, one for their jobs. */
async function withJobs(db: Kysely<Database>, rows: ReadonlyArray<Selectable<AdminImportsTable>>): Promise<AdminImportRow[]> {
  const jobs = await jobStatesByKey(db, rows.map((row) => importJobKey(row.id)));
  return rows.map((row) => {
    const job = jobs.get(importJobKey(row.id));
    return { ...row, jobStatus: job?.status ?? null, jobError: job?.lastError ?? null };
  });
}

export async function insertImport(db: Kysely<Database>, row: Insertable<AdminImportsTable>): Promise<void> {
  await db.insertInto('admin_imports').values(row).execute();
}

export async function findImport(db: Kysely<Database>, id: string): Promise<AdminImportRow | undefined> {
  const row = await db.selectFrom('admin_imports').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withJobs(db, [row]))[0] : undefined;
}

export async function listImports(db: Kysely<Database>, page: number, pageSize: number): Promise<{ rows: AdminImportRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('admin_imports').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    db.selectFrom('admin_imports').select(db.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withJobs(db, rows), total: Number(count.total) };
}

export type ImportProgress = Pick<Insertable<AdminImportsTable>, 'total' | 'added' | 'skipped' | 'refused' | 'failed'>;

export async function updateImport(
  db: Kysely<Database>,
  id: string,
  changes: ImportProgress & Partial<Pick<Insertable<AdminImportsTable>, 'status' | 'report' | 'error' | 'finishedAt'>>,
): Promise<void> {
  await db
    .updateTable('admin_imports')
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}
