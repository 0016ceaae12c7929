import type { Kysely } from 'kysely';

/*
 * Imports sent from the browser (a zip or a folder): one row per import, its progress while the job
 * runs and its per-file report (JSON) once it has finished.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report', 'text')
    .addColumn('error', 'text')
    .addColumn('audit', 'text', (c) => c.notNull())
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addColumn('finishedAt', 'text')
    .execute();
  await db.schema.createIndex('admin_imports_created_idx').on('admin_imports').column('createdAt').execute();
}
