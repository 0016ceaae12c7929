import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/* The document types and products documents are filed under (reference data the documents module owns). */

/** Every document type (code and name) and product code, as the bulk import reads folder names against them. */
export async function loadReferenceCodes(db: Kysely<Database>): Promise<{ types: Array<{ code: string; name: string }>; products: string[] }> {
  const [types, products] = await Promise.all([
    db.selectFrom('document_types').select(['code', 'name']).execute(),
    db.selectFrom('products').select('code').execute(),
  ]);
  return { types, products: products.map((row) => row.code) };
}

/** Which of the codes exist as document types or as products. */
export async function existingCodes(db: Kysely<Database>, table: 'document_types' | 'products', codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('code').where('code', 'in', [...codes]).execute();
  return new Set(rows.map((row) => row.code));
}

/** Inserts the missing document types and products (named after their codes); returns those created. */
export async function insertMissingCodes(db: Kysely<Database>, types: string[], products: string[]): Promise<{ types: string[]; products: string[] }> {
  const knownTypes = await existingCodes(db, 'document_types', types);
  const knownProducts = await existingCodes(db, 'products', products);
  const newTypes = types.filter((code) => !knownTypes.has(code));
  const newProducts = products.filter((code) => !knownProducts.has(code));
  if (newTypes.length) await db.insertInto('document_types').values(newTypes.map((code) => ({ code, name: code }))).onConflict((c) => c.column('code').doNothing()).execute();
  if (newProducts.length) {
    await db.insertInto('products').values(newProducts.map((code) => ({ code, name: code, family: 'imported' }))).onConflict((c) => c.column('code').doNothing()).execute();
  }
  return { types: newTypes, products: newProducts };
}
