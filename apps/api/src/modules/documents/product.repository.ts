import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { ProductsTable } from './document.tables.ts';

export type ProductRow = Selectable<ProductsTable>;

/** Every product by code, with its expected lifetime. */
export async function listProducts(db: Kysely<Database>): Promise<ProductRow[]> {
  return db.selectFrom('products').selectAll().orderBy('code').execute();
}

/** The expected lifetime (years) of each of these products that exists. */
export async function productLifetimes(db: Kysely<Database>, codes: readonly string[]): Promise<Map<string, number>> {
  const lifetimes = new Map<string, number>();
  const unique = [...new Set(codes)];
  // Chunks keep the parameter count under both engines' limits.
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await db.selectFrom('products').select(['code', 'lifetimeYears']).where('code', 'in', unique.slice(start, start + 500)).execute();
    for (const row of rows) lifetimes.set(row.code, Number(row.lifetimeYears));
  }
  return lifetimes;
}

/** Sets a product's expected lifetime; the product as stored after, or undefined when there is none with this code. */
export async function setProductLifetime(db: Kysely<Database>, code: string, lifetimeYears: number): Promise<ProductRow | undefined> {
  await db.updateTable('products').set({ lifetimeYears }).where('code', '=', code).execute();
  return db.selectFrom('products').selectAll().where('code', '=', code).executeTakeFirst();
}
