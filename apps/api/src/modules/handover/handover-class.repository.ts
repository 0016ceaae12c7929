import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Every document type's class staff set, by type code. */
export async function mappedClasses(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('handover_classes').select(['typeCode', 'classId']).execute();
  return new Map(rows.map((row) => [row.typeCode, row.classId]));
}

/** Sets the class of a document type (one row per type). */
export async function saveClass(db: Kysely<Database>, typeCode: string, classId: string, now = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('handover_classes')
    .values({ typeCode, classId, updatedAt: now })
    .onConflict((c) => c.column('typeCode').doUpdateSet({ classId, updatedAt: now }))
    .execute();
}
