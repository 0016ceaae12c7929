import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/**
 * The units among `keys` (serial numbers, or unit ids as the download records name them), by that key,
 * named by serial and site (or product) with the serial their page uses: one query.
 */
export async function unitTitles(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, { title: string; ref: string }>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('units')
    .select(['id', 'serialNumber', 'siteName', 'productCode'])
    .where((eb) => eb.or([eb('serialNumber', 'in', [...keys]), eb('id', 'in', [...keys])]))
    .execute();
  const named = rows.map((row) => ({ row, name: { title: `${row.serialNumber} · ${row.siteName ?? row.productCode}`, ref: row.serialNumber } }));
  return new Map(named.flatMap(({ row, name }) => [[row.id, name] as const, [row.serialNumber, name] as const]));
}

/** The notices among `ids` by id, named by their title in their source language: one query. */
export async function noticeTitles(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, { title: string; ref: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('unit_notices').select(['id', 'title']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, { title: row.title, ref: row.id }]));
}
