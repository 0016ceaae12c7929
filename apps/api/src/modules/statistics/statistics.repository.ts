import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

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
  if (filter.product) {
    const product = filter.product;
    query = query.where('documentId', 'in', db.selectFrom('document_products').select('documentId').where('productCode', '=', product));
  }
  return query;
}

function downloadsQuery(db: Kysely<Database>, filter: StatisticsFilter) {
  let query = db
    .selectFrom('download_records')
    .where('itemKind', '=', 'document')
    .where('createdAt', '>=', filter.fromDay)
    .where('createdAt', '<', dayAfter(filter.toDay));
  if (filter.account) query = query.where('userSub', 'in', db.selectFrom('users').select('sub').where('account', '=', filter.account));
  if (filter.documentId) query = query.where('itemId', '=', filter.documentId);
  if (filter.product) {
    const product = filter.product;
    query = query.where('itemId', 'in', db.selectFrom('document_products').select('documentId').where('productCode', '=', product));
  }
  return query;
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
  const day = sql<string>`substr(${sql.ref('createdAt')}, 1, 10)`;
  const rows = await downloadsQuery(db, filter)
    .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(day)
    .execute();
  return toDayCounts(rows);
}

/** The documents most viewed and downloaded in the range (views + downloads, then views, then id). */
export async function topDocuments(db: Kysely<Database>, filter: StatisticsFilter, limit: number): Promise<DocumentCount[]> {
  const views = viewsQuery(db, filter)
    .select(['documentId', (eb) => eb.fn.sum<number | string>('views').as('views'), sql<number | string>`0`.as('downloads')])
    .groupBy('documentId');
  const downloads = downloadsQuery(db, filter)
    .select(['itemId as documentId', sql<number | string>`0`.as('views'), (eb) => eb.fn.countAll<number | string>().as('downloads')])
    .groupBy('itemId');
  const viewSum = sql<number | string>`sum(${sql.ref('counts.views')})`;
  const downloadSum = sql<number | string>`sum(${sql.ref('counts.downloads')})`;
  const rows = await db
    .selectFrom(views.unionAll(downloads).as('counts'))
    .innerJoin('documents', 'documents.id', 'counts.documentId')
    .select(['documents.id', 'documents.title', viewSum.as('views'), downloadSum.as('downloads')])
    .groupBy(['documents.id', 'documents.title'])
    .orderBy(sql`${viewSum} + ${downloadSum}`, 'desc')
    .orderBy(viewSum, 'desc')
    .orderBy('documents.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, views: Number(row.views), downloads: Number(row.downloads) }));
}
