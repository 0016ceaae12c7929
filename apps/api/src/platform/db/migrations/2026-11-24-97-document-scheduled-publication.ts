import type { Kysely } from 'kysely';

/* Scheduled publication: a document in the state `scheduled` is published at `scheduledAt` by a job. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('scheduledAt', 'text').execute();
}
