import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, DownloadItemKind } from '../../platform/db/schema.ts';

/** A query of one text column (the subjects or item ids of another owner), used as `in (…)`. */
export type IdQuery = SelectQueryBuilder<Database, keyof Database, Record<string, string>>;

/** Which downloads to count: of one kind, recorded from `from` until before `before` (ISO times, compared as text). */
export interface DownloadCountFilter {
  itemKind: DownloadItemKind;
  from: string;
  before: string;
  itemId?: string;
  /** Only the items this query names. */
  itemIds?: IdQuery;
  /** Only downloads by the users this query names (by subject). */
  userSubs?: IdQuery;
}

function countedDownloads(db: Kysely<Database>, filter: DownloadCountFilter) {
  let query = db
    .selectFrom('download_records')
    .where('itemKind', '=', filter.itemKind)
    .where('createdAt', '>=', filter.from)
    .where('createdAt', '<', filter.before);
  if (filter.userSubs) query = query.where('userSub', 'in', filter.userSubs);
  if (filter.itemId) query = query.where('itemId', '=', filter.itemId);
  if (filter.itemIds) query = query.where('itemId', 'in', filter.itemIds);
  return query;
}

const recordedDay = sql<string>`substr(${sql.ref('createdAt')}, 1, 10)`;

/** The downloads per UTC day (YYYY-MM-DD) as a query (`day`, `count`): days without any are left out. */
export function downloadsPerDay(db: Kysely<Database>, filter: DownloadCountFilter) {
  return countedDownloads(db, filter)
    .select([recordedDay.as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(recordedDay);
}

/** The downloads per item as a query to compose (`itemId`, `downloads`): items without any are left out. */
export function downloadsPerItem(db: Kysely<Database>, filter: DownloadCountFilter) {
  return countedDownloads(db, filter)
    .select(['itemId', (eb) => eb.fn.countAll<number | string>().as('downloads')])
    .groupBy('itemId');
}
