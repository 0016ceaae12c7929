import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** A named object as other modules show it (the audit log): its title and the reference its page address uses. */
export interface NamedObject {
  title: string;
  ref: string;
}

/** Titles and references of the documents among `ids` (any status), by id: one query. */
export async function documentNames(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, NamedObject>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('documents').select(['id', 'title', 'serviceRef']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, { title: row.title, ref: row.serviceRef }]));
}

/** Names of the products among `codes`, by code: one query. */
export async function productNames(db: Kysely<Database>, codes: readonly string[]): Promise<Map<string, NamedObject>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('products').select(['code', 'name']).where('code', 'in', [...codes]).execute();
  return new Map(rows.map((row) => [row.code, { title: row.name, ref: row.code }]));
}
