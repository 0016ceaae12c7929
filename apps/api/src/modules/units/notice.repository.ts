import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { UnitNoticeTranslationsTable, UnitNoticesTable } from './unit.tables.ts';

export type NoticeRow = Selectable<UnitNoticesTable>;
export type NoticeTranslationRow = Selectable<UnitNoticeTranslationsTable>;

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

/** Each notice's texts in other languages than its source, by notice id (languages in alphabetical order). */
export async function translationsOf(db: Kysely<Database>, noticeIds: readonly string[]): Promise<Map<string, NoticeTranslationRow[]>> {
  const byNotice = new Map<string, NoticeTranslationRow[]>(noticeIds.map((id) => [id, []]));
  if (noticeIds.length === 0) return byNotice;
  const rows = await db.selectFrom('unit_notice_translations').selectAll().where('noticeId', 'in', [...new Set(noticeIds)]).orderBy('noticeId').orderBy('languageCode').execute();
  for (const row of rows) byNotice.get(row.noticeId)?.push(row);
  return byNotice;
}

/** Adds the notice's text in one language or replaces the one it had. */
export async function saveTranslation(db: Kysely<Database>, translation: Insertable<UnitNoticeTranslationsTable>): Promise<void> {
  await db
    .insertInto('unit_notice_translations')
    .values(translation)
    .onConflict((conflict) => conflict.columns(['noticeId', 'languageCode']).doUpdateSet({ title: translation.title, body: translation.body, updatedAt: translation.updatedAt }))
    .execute();
}
