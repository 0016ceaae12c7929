import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { AdminImportsTable } from './admin-import.tables.ts';

export type AdminImportRow = Selectable<AdminImportsTable> & { jobStatus: string | null; jobError: string | null };

/** The job that runs an import: one per import, found again by this key. */
export const importJobKey = (id: string) => `admin-import:${id}`;

/** Imports with the state of their job (an import whose job ran out of attempts shows as failed). */
const withJob = (db: Kysely<Database>) =>
  db
    .selectFrom('admin_imports')
    .leftJoin('jobs', (join) => join.on('jobs.dedupeKey', '=', sql<string>`${sql.lit('admin-import:')} || ${sql.ref('admin_imports.id')}`))
    .selectAll('admin_imports')
    .select(['jobs.status as jobStatus', 'jobs.lastError as jobError']);

export async function insertImport(db: Kysely<Database>, row: Insertable<AdminImportsTable>): Promise<void> {
  await db.insertInto('admin_imports').values(row).execute();
}

export function findImport(db: Kysely<Database>, id: string): Promise<AdminImportRow | undefined> {
  return withJob(db).where('admin_imports.id', '=', id).executeTakeFirst();
}

export async function listImports(db: Kysely<Database>, page: number, pageSize: number): Promise<{ rows: AdminImportRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    withJob(db).orderBy('admin_imports.createdAt', 'desc').orderBy('admin_imports.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    db.selectFrom('admin_imports').select(db.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
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
