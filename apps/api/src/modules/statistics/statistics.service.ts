import type { Kysely } from 'kysely';
import { statisticsDefaultDays, type StatisticsQuery, type StatisticsResponse } from '@portal/contracts/statistics';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { dayMs, dayOf, toSeries } from './statistics.presenter.ts';
import { countView, downloadsPerDay, topDocuments, viewsPerDay } from './statistics.repository.ts';

/** Views and downloads of the range (the last 30 days by default), grouped, with the top documents. */
export async function getStatistics(db: Kysely<Database>, query: StatisticsQuery, now = new Date()): Promise<StatisticsResponse> {
  const to = query.to ?? dayOf(query.from ? Math.min(now.getTime(), Date.parse(query.from) + (statisticsDefaultDays - 1) * dayMs) : now.getTime());
  const from = query.from ?? dayOf(Date.parse(to) - (statisticsDefaultDays - 1) * dayMs);
  if (from > to) throw badRequest('invalidRange', 'The range ends before it starts.');
  const filter = { fromDay: from, toDay: to, product: query.product, account: query.account, documentId: query.documentId };
  const [views, downloads, top] = await Promise.all([
    viewsPerDay(db, filter),
    downloadsPerDay(db, filter),
    topDocuments(db, filter, query.top),
  ]);
  const series = toSeries({ from, to }, query.groupBy, views, downloads);
  const totals = series.reduce((sum, point) => ({ views: sum.views + point.views, downloads: sum.downloads + point.downloads }), { views: 0, downloads: 0 });
  return { from, to, groupBy: query.groupBy, series, totals, topDocuments: top };
}

/** Counts one view of the document by the reader, on today's UTC day under their account ('' without one). */
export async function countDocumentView(db: Kysely<Database>, reader: Pick<AuthUser, 'account'>, documentId: string, now = new Date()): Promise<void> {
  await countView(db, { documentId, account: reader.account ?? '', day: dayOf(now.getTime()) });
}
