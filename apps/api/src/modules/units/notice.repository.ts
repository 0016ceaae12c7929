import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { UnitNoticesTable } from './unit.tables.ts';

export type NoticeRow = Selectable<UnitNoticesTable>;

export async function insertNotice(db: Kysely<Database>, notice: Insertable<UnitNoticesTable>): Promise<void> {
  await db.insertInto('unit_notices').values(notice).execute();
}

/** The serial numbers of the product's units, as a subquery (the alerts match unit follows against it). */
export const serialsOfProduct = (db: Kysely<Database>, productCode: string) =>
  db.selectFrom('units').select('serialNumber').where('productCode', '=', productCode);

/** The open notices of these products, newest first (serial ranges and options are matched by the caller). */
export async function openNoticesOf(db: Kysely<Database>, productCodes: readonly string[]): Promise<NoticeRow[]> {
  if (productCodes.length === 0) return [];
  return db
    .selectFrom('unit_notices')
    .selectAll()
    .where('productCode', 'in', [...new Set(productCodes)])
    .where('closedAt', 'is', null)
    .orderBy('publishedAt', 'desc')
    .orderBy('id')
    .execute();
}

export async function listNotices(db: Kysely<Database>): Promise<NoticeRow[]> {
  return db.selectFrom('unit_notices').selectAll().orderBy('publishedAt', 'desc').orderBy('id').execute();
}

export async function findNotice(db: Kysely<Database>, id: string): Promise<NoticeRow | undefined> {
  return db.selectFrom('unit_notices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Closes an open notice; answers whether one was open. */
export async function closeNotice(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('unit_notices').set({ closedAt: at }).where('id', '=', id).where('closedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
