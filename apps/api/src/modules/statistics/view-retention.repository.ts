import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Removes the document views of days before `day` (YYYY-MM-DD), the statistics' retention; answers how many rows went. */
export async function deleteViewsBefore(db: Kysely<Database>, day: string): Promise<number> {
  return Number((await db.deleteFrom('document_views').where('day', '<', day).executeTakeFirst()).numDeletedRows);
}
