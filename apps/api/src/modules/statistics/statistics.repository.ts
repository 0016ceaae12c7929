import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { documentIdsOfProduct, documentTitles } from '../documents/index.ts';
import { downloadsPerDay as documentDownloadsPerDay, downloadsPerItem, type DownloadCountFilter } from '../downloads/index.ts';
import { subjectsOfAccount } from '../users/index.ts';

/** Days (YYYY-MM-DD, inclusive) and filters of one statistics read. */
export interface StatisticsFilter {
  fromDay: string;
  toDay: string;
  product?: string;
  account?: string;
  documentId?: string;
}

export interface DayCount {
  day: string;
  count: number;
}

export interface DocumentCount {
  id: string;
  title: string;
  views: number;
  downloads: number;
}

/** Counts one view of the document by a reader of the account ('' without one) on the day. */
export async function countView(db: Kysely<Database>, view: { documentId: string; account: string; day: string }): Promise<void> {
  await db
    .insertInto('document_views')
    .values({ ...view, views: 1 })
    .onConflict((conflict) => conflict.columns(['documentId', 'day', 'account']).doUpdateSet({ views: sql`document_views.views + 1` }))
    .execute();
}

/** The instant after the last day: download times are ISO strings, compared as text. */
const dayAfter = (day: string) => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);

function viewsQuery(db: Kysely<Database>, filter: StatisticsFilter) {
  let query = db.selectFrom('document_views').where('day', '>=', filter.fromDay).where('day', '<=', filter.toDay);
  if (filter.account) query = query.where('account', '=', filter.account);
  if (filter.documentId) query = query.where('documentId', '=', filter.documentId);
  if (filter.product) query = query.where('documentId', 'in', documentIdsOfProduct(db, filter.product));
  return query;
}

/** The document downloads the filter counts, as the downloads module selects them (its users and documents named by their owners). */
function downloadsFilter(db: Kysely<Database>, filter: StatisticsFilter): DownloadCountFilter {
  return {
    itemKind: 'document',
    from: filter.fromDay,
    before: dayAfter(filter.toDay),
    userSubs: filter.account ? subjectsOfAccount(db, filter.account) : undefined,
    itemId: filter.documentId,
    itemIds: filter.product ? documentIdsOfProduct(db, filter.product) : undefined,
  };
}

const toDayCounts = (rows: Array<{ day: string; count: number | string | null }>): DayCount[] =>
  rows.map((row) => ({ day: row.day, count: Number(row.count ?? 0) }));

/** Views per day of the range (days without any are left out). */
export async function viewsPerDay(db: Kysely<Database>, filter: StatisticsFilter): Promise<DayCount[]> {
  const rows = await viewsQuery(db, filter)
    .select(['day', (eb) => eb.fn.sum<number | string>('views').as('count')])
    .groupBy('day')
    .execute();
  return toDayCounts(rows);
}

/** Document downloads per UTC day of the range (days without any are left out). */
export async function downloadsPerDay(db: Kysely<Database>, filter: StatisticsFilter): Promise<DayCount[]> {
  return toDayCounts(await documentDownloadsPerDay(db, downloadsFilter(db, filter)).execute());
}

/** The documents most viewed and downloaded in the range (views + downloads, then views, then id). */
export async function topDocuments(db: Kysely<Database>, filter: StatisticsFilter, limit: number): Promise<DocumentCount[]> {
  // Both arms list their columns in the same order (item, downloads, views): UNION ALL pairs them by position.
  const views = viewsQuery(db, filter)
    .select(['documentId as itemId', sql<number | string>`0`.as('downloads'), (eb) => eb.fn.sum<number | string>('views').as('views')])
    .groupBy('documentId');
  const downloads = downloadsPerItem(db, downloadsFilter(db, filter)).select(sql<number | string>`0`.as('views'));
  const viewSum = sql<number | string>`sum(${sql.ref('counts.views')})`;
  const downloadSum = sql<number | string>`sum(${sql.ref('counts.downloads')})`;
  const rows = await db
    .selectFrom(views.unionAll(downloads).as('counts'))
    .innerJoin(documentTitles(db).as('titled'), 'titled.id', 'counts.itemId')
    .select(['titled.id', 'titled.title', viewSum.as('views'), downloadSum.as('downloads')])
    .groupBy(['titled.id', 'titled.title'])
    .orderBy(sql`${viewSum} + ${downloadSum}`, 'desc')
    .orderBy(viewSum, 'desc')
    .orderBy('titled.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, views: Number(row.views), downloads: Number(row.downloads) }));
}
