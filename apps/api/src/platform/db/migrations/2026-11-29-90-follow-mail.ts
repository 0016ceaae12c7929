import type { Kysely } from 'kysely';

/*
 * Per followed item, whether its news also comes by mail (1, as the user's mail preference says) or only
 * in the portal (0). Follows made before keep mailing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('follows').addColumn('mail', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}
