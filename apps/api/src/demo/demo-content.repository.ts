import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import type { DocumentTypesTable, ProductsTable } from '../modules/documents/index.ts';

/** Whether the portal holds any document at all (the demo seeds only an empty document base). */
export async function hasAnyDocument(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('documents').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Inserts the document types and products that are missing (existing rows are left as they are). */
export async function insertMissingReferenceRows(
  db: Kysely<Database>,
  documentTypes: readonly Insertable<DocumentTypesTable>[],
  products: readonly Insertable<ProductsTable>[],
): Promise<void> {
  await db.insertInto('document_types').values([...documentTypes]).onConflict((c) => c.column('code').doNothing()).execute();
  await db.insertInto('products').values([...products]).onConflict((c) => c.column('code').doNothing()).execute();
}
