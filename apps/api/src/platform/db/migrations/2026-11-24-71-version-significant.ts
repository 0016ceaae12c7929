import type { Kysely } from 'kysely';

/* Whether a version is a significant change (alerts followers) or a minor one; existing versions count as significant. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('document_versions')
    .addColumn('significant', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
