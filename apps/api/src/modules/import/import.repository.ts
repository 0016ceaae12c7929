import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { ImportCatalog } from './folder-meaning.ts';

/** The document types and products that exist: folder names are read against them. */
export async function loadImportCatalog(db: Kysely<Database>): Promise<ImportCatalog> {
  const [types, products] = await Promise.all([
    db.selectFrom('document_types').select(['code', 'name']).execute(),
    db.selectFrom('products').select('code').execute(),
  ]);
  return { types, products: products.map((row) => row.code) };
}

async function existing(db: Kysely<Database>, table: 'document_types' | 'products', codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  return new Set((await db.selectFrom(table).select('code').where('code', 'in', codes).execute()).map((row) => row.code));
}

/** Inserts the missing document types and products (named after their codes); returns those created. */
export async function insertMissingCodes(db: Kysely<Database>, types: string[], products: string[]): Promise<{ types: string[]; products: string[] }> {
  const knownTypes = await existing(db, 'document_types', types);
  const knownProducts = await existing(db, 'products', products);
  const newTypes = types.filter((code) => !knownTypes.has(code));
  const newProducts = products.filter((code) => !knownProducts.has(code));
  if (newTypes.length) await db.insertInto('document_types').values(newTypes.map((code) => ({ code, name: code }))).onConflict((c) => c.column('code').doNothing()).execute();
  if (newProducts.length) {
    await db.insertInto('products').values(newProducts.map((code) => ({ code, name: code, family: 'imported' }))).onConflict((c) => c.column('code').doNothing()).execute();
  }
  return { types: newTypes, products: newProducts };
}
