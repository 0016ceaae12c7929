import type { Kysely } from 'kysely';

/*
 * When a unit's label (label.svg, label.png, labels.pdf) was first produced. From then on its serial is the
 * unit's permanent identification link (IEC 61406-1): it may never be renamed or given to another model.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('units').addColumn('labelledAt', 'text').execute();
}
