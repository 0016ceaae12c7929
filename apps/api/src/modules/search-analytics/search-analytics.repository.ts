import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { isSqlite } from '../../platform/db/dialect.ts';
import { documentTitles } from '../documents/index.ts';
import type { IntentCounts, IntentDimension, SearchIntentActionsTable, SearchIntentShownTable, SearchIntentsTable } from './search-analytics.tables.ts';

export type IntentRow = Selectable<SearchIntentsTable>;

/** Days (YYYY-MM-DD, inclusive) and filters of one dashboard read. */
export interface IntentFilter {
  fromDay: string;
  toDay: string;
  /** Lower case; matches the locale and its regional variants (`fr` matches `fr-fr`). */
  locale?: string;
  role?: string;
  account?: string;
  product?: string;
  /** One grouped query only. */
  queryKey?: string;
}

// ---- Recording ----

/**
 * Splits a list into chunks of `max` items, and what is left into chunks of max/2, max/4 … 1: one statement each.
 * SQLite's statements are kept prepared by their text (sqlite-dialect.ts, a few hundred at most): lists of every
 * length would each be a text of its own and push the portal's other statements out; this gives a handful.
 */
export function statementChunks<T>(items: readonly T[], max: number): T[][] {
  const chunks: T[][] = [];
  let next = 0;
  while (next < items.length) {
    let size = max;
    while (size > items.length - next) size >>= 1;
    chunks.push(items.slice(next, next + size));
    next += size;
  }
  return chunks;
}

/** The most recent intent of each of the readers (a reader without any has none), each found through its own index seek. */
export async function latestIntents(db: Kysely<Database>, userKeys: readonly string[]): Promise<IntentRow[]> {
  if (userKeys.length === 0) return [];
  const latestOf = (userKey: string) => db.selectFrom('search_intents').select('id').where('userKey', '=', userKey).orderBy('lastAt', 'desc').limit(1);
  return db.selectFrom('search_intents').selectAll().where('id', 'in', userKeys.map(latestOf)).execute();
}

/** The document's position in a stored list of shown results (`shown.documents`), null when the list does not hold it. */
function positionIn(db: Kysely<Database>, documentId: string) {
  return !isSqlite(db)
    ? sql<number | null>`(${sql.ref('shown.documents')}::jsonb ->> ${documentId})::integer`
    : sql<number | null>`(SELECT value FROM json_each(${sql.ref('shown.documents')}) WHERE key = ${documentId})`;
}

/**
 * The reader's latest intent since `since` that showed the document, with the document's position in it; `except`
 * (an intent whose stored copy is out of date) left out. Reads the lists of the reader's intents of that time only.
 */
export async function latestIntentShowing(db: Kysely<Database>, userKey: string, documentId: string, since: string, until: string, except?: string) {
  let query = db
    .selectFrom('search_intent_shown as shown')
    .innerJoin('search_intents as intent', 'intent.id', 'shown.intentId')
    .selectAll('intent')
    .select(positionIn(db, documentId).as('position'))
    .where('intent.userKey', '=', userKey)
    .where('intent.lastAt', '>=', since)
    .where('intent.startedAt', '<=', until)
    .where(positionIn(db, documentId), 'is not', null);
  if (except !== undefined) query = query.where('intent.id', '<>', except);
  const row = await query.orderBy('intent.lastAt', 'desc').limit(1).executeTakeFirst();
  return row && { ...row, position: Number(row.position) };
}

/** Where the intent showed the document, as stored (undefined: it did not). */
export async function storedPosition(db: Kysely<Database>, intentId: string, documentId: string): Promise<number | undefined> {
  const row = await db.selectFrom('search_intent_shown as shown').select(positionIn(db, documentId).as('position')).where('shown.intentId', '=', intentId).executeTakeFirst();
  return row?.position == null ? undefined : Number(row.position);
}

/**
 * Writes intents (one statement): new ones are inserted; one already stored takes the new values, and adds the
 * counters given (searches, opens, positions, downloads: what the batch added), so that counts another process
 * added meanwhile are kept. New intents give their counters whole.
 */
export async function writeIntents(db: Kysely<Database>, rows: IntentRow[]): Promise<void> {
  await db
    .insertInto('search_intents')
    .values(rows)
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        lastAt: eb.ref('excluded.lastAt'),
        query: eb.ref('excluded.query'),
        queryKey: eb.ref('excluded.queryKey'),
        facets: eb.ref('excluded.facets'),
        products: eb.ref('excluded.products'),
        roles: eb.ref('excluded.roles'),
        account: eb.ref('excluded.account'),
        locale: eb.ref('excluded.locale'),
        resultCount: eb.ref('excluded.resultCount'),
        noResultReason: eb.ref('excluded.noResultReason'),
        hiddenMatches: eb.ref('excluded.hiddenMatches'),
        refined: eb.ref('excluded.refined'),
        searches: eb('search_intents.searches', '+', eb.ref('excluded.searches')),
        opens: eb('search_intents.opens', '+', eb.ref('excluded.opens')),
        openPositionSum: eb('search_intents.openPositionSum', '+', eb.ref('excluded.openPositionSum')),
        downloads: eb('search_intents.downloads', '+', eb.ref('excluded.downloads')),
      })),
    )
    .execute();
}

/** Forgets the results the intents showed (they show none now). */
export async function deleteShownLists(db: Kysely<Database>, intentIds: readonly string[]): Promise<void> {
  await db.deleteFrom('search_intent_shown').where('intentId', 'in', intentIds).execute();
}

/**
 * Stores the results intents showed (one statement, each intent once): `replace` makes each list the stored one (a
 * new intent, or new text or facets); else each is added to the one stored (another page: another process may have
 * added one meanwhile), a document's new position winning.
 */
export async function writeShownLists(db: Kysely<Database>, rows: Array<Selectable<SearchIntentShownTable>>, replace: boolean): Promise<void> {
  const merged =
    !isSqlite(db)
      ? sql<string>`(search_intent_shown.documents::jsonb || excluded.documents::jsonb)::text`
      : sql<string>`json_patch(search_intent_shown.documents, excluded.documents)`;
  await db
    .insertInto('search_intent_shown')
    .values(rows)
    .onConflict((conflict) => conflict.column('intentId').doUpdateSet((eb) => ({ documents: replace ? eb.ref('excluded.documents') : merged, lastAt: eb.ref('excluded.lastAt') })))
    .execute();
}

/** Opens and downloads after intents (one statement; the intents' counters are written with them). */
export async function insertActions(db: Kysely<Database>, rows: Array<Selectable<SearchIntentActionsTable>>): Promise<void> {
  await db.insertInto('search_intent_actions').values(rows).execute();
}

// ---- Retention ----

/** Deletes the intents of days before `day` and what they hold; the shown results only until `resultsBefore`. */
export async function deleteIntentsBefore(db: Kysely<Database>, day: string, resultsBefore: string): Promise<{ intents: number; shownLists: number }> {
  const old = db.selectFrom('search_intents').select('id').where('day', '<', day);
  await db.deleteFrom('search_intent_actions').where('intentId', 'in', old).execute();
  const shownLists = await db.deleteFrom('search_intent_shown').where((eb) => eb.or([eb('lastAt', '<', resultsBefore), eb('intentId', 'in', old)])).executeTakeFirst();
  const intents = await db.deleteFrom('search_intents').where('day', '<', day).executeTakeFirst();
  return { intents: Number(intents.numDeletedRows), shownLists: Number(shownLists.numDeletedRows) };
}

// ---- Dashboard ----

/** `list` (`,a,b,`) holds `value`: a plain substring test, no pattern characters to escape. */
function listHolds(db: Kysely<Database>, column: string, value: string) {
  const needle = `,${value},`;
  return !isSqlite(db) ? sql<boolean>`strpos(${sql.ref(column)}, ${needle}) > 0` : sql<boolean>`instr(${sql.ref(column)}, ${needle}) > 0`;
}

/** The filter's conditions on the intents' filter columns, by column (none, one or several). */
export function filterDimensions(filter: IntentFilter): Array<[IntentDimension, string]> {
  const dimensions: Array<[IntentDimension, string | undefined]> = [
    ['locale', filter.locale],
    ['roles', filter.role],
    ['account', filter.account],
    ['products', filter.product],
  ];
  return dimensions.filter((dimension): dimension is [IntentDimension, string] => Boolean(dimension[1]));
}

/**
 * The condition that `column` (the intents' own filter column, or a roll-up's stored value of it) matches the filter:
 * the account itself, the locale or one of its variants (`fr`: `fr`, `fr-fr`), a `,a,b,` list holding the role or product.
 */
export function dimensionCondition(db: Kysely<Database>, dimension: IntentDimension, value: string, column: string = dimension) {
  const ref = sql.ref(column);
  if (dimension === 'account') return sql<boolean>`${ref} = ${value}`;
  if (dimension !== 'locale') return listHolds(db, column, value);
  const locale = value.toLowerCase();
  return sql<boolean>`(${ref} = ${locale} or (${ref} >= ${`${locale}-`} and ${ref} < ${`${locale}.`}))`;
}

/** All the filter's conditions on the intents' filter columns (true without any). */
export function filterCondition(db: Kysely<Database>, filter: IntentFilter) {
  const conditions = filterDimensions(filter).map(([dimension, value]) => dimensionCondition(db, dimension, value));
  return conditions.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.join(conditions, sql` and `)})`;
}

function filtered(db: Kysely<Database>, filter: IntentFilter) {
  let query = db.selectFrom('search_intents').where('day', '>=', filter.fromDay).where('day', '<=', filter.toDay);
  if (filter.queryKey !== undefined) query = query.where('queryKey', '=', filter.queryKey);
  for (const [dimension, value] of filterDimensions(filter)) query = query.where(dimensionCondition(db, dimension, value));
  return query;
}

type IntentBuilder = ExpressionBuilder<Database, 'search_intents'>;
/**
 * Groups by query as an expression, not the column: a period is read along the table's day order and grouped in a
 * temporary tree, where SQLite would otherwise skip-scan the (queryKey, day) index across every query ever stored.
 */
const byQuery = sql<string>`"queryKey" || ''`;
const countWhen = (condition: ReturnType<typeof sql>) => sql<number | string | null>`sum(case when ${condition} then 1 else 0 end)`;
const noResult = sql`"resultCount" = 0`;
const withResults = sql`"resultCount" > 0`;
const opened = sql`"resultCount" > 0 and opens > 0`;
const bounced = sql`"resultCount" > 0 and opens = 0 and downloads = 0 and refined = 0`;
const converted = sql`(opens > 0 or downloads > 0)`;
const reasonIs = (reason: string) => sql`"noResultReason" = ${reason}`;

/** The figures the dashboard computes its rates from. */
const figureColumns = (eb: IntentBuilder) => [
  eb.fn.countAll<number | string>().as('searches'),
  sql<number | string>`count(distinct "userKey")`.as('users'),
  countWhen(noResult).as('noResults'),
  countWhen(reasonIs('nothingExists')).as('nothingExists'),
  countWhen(reasonIs('hiddenByAccess')).as('hiddenByAccess'),
  countWhen(reasonIs('otherLanguage')).as('otherLanguage'),
  countWhen(withResults).as('withResults'),
  countWhen(opened).as('clicked'),
  countWhen(bounced).as('bounced'),
  countWhen(converted).as('converted'),
  countWhen(sql`downloads > 0`).as('downloaded'),
  countWhen(sql`refined = 1`).as('refined'),
  eb.fn.sum<number | string | null>('opens').as('opens'),
  eb.fn.sum<number | string | null>('openPositionSum').as('positionSum'),
];

/** The figures of a set of intents: the additive counts and the distinct readers. */
export interface Figures extends IntentCounts {
  users: number;
}

const figureNames = ['searches', 'users', 'noResults', 'nothingExists', 'hiddenByAccess', 'otherLanguage', 'withResults', 'clicked', 'bounced', 'converted', 'downloaded', 'refined', 'opens', 'positionSum'] as const;

function toFigures(row: Record<string, unknown> | undefined): Figures {
  const figures = {} as Figures;
  for (const name of figureNames) figures[name] = Number(row?.[name] ?? 0);
  return figures;
}

/** The figures of every intent the filter selects. */
export async function intentFigures(db: Kysely<Database>, filter: IntentFilter): Promise<Figures> {
  return toFigures(await filtered(db, filter).select(figureColumns).executeTakeFirst());
}

/** Searches and no-result searches per day (days without any left out). */
export async function searchesPerDay(db: Kysely<Database>, filter: IntentFilter): Promise<Array<{ day: string; searches: number; noResults: number }>> {
  const rows = await filtered(db, filter)
    .select((eb) => ['day', eb.fn.countAll<number | string>().as('searches'), countWhen(noResult).as('noResults')])
    .groupBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, searches: Number(row.searches), noResults: Number(row.noResults ?? 0) }));
}

/** The most searched queries, with their figures. */
export async function topQueries(db: Kysely<Database>, filter: IntentFilter, limit: number): Promise<Array<Figures & { queryKey: string }>> {
  const rows = await filtered(db, filter)
    .select((eb) => [byQuery.as('queryKey'), ...figureColumns(eb)])
    .groupBy(byQuery)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('queryKey')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ queryKey: row.queryKey, ...toFigures(row) }));
}

/** Queries searched more in the range than in the range of the same length before it, most growth first. */
export async function risingQueries(db: Kysely<Database>, filter: IntentFilter, previousFromDay: string, limit: number) {
  const current = sql<number | string>`sum(case when day >= ${filter.fromDay} then 1 else 0 end)`;
  const previous = sql<number | string>`sum(case when day < ${filter.fromDay} then 1 else 0 end)`;
  const rows = await filtered(db, { ...filter, fromDay: previousFromDay })
    .select([byQuery.as('queryKey'), current.as('searches'), previous.as('previousSearches')])
    .groupBy(byQuery)
    .having(sql<boolean>`${current} > ${previous}`)
    .orderBy(sql`${current} - ${previous}`, 'desc')
    .orderBy(sql`${current}`, 'desc')
    .orderBy('queryKey')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ queryKey: row.queryKey, searches: Number(row.searches), previousSearches: Number(row.previousSearches) }));
}

/** The queries most often searched without a result, with why and when last. */
export async function noResultQueries(db: Kysely<Database>, filter: IntentFilter, limit: number) {
  const rows = await filtered(db, filter)
    .where('resultCount', '=', 0)
    .select((eb) => [
      byQuery.as('queryKey'),
      eb.fn.countAll<number | string>().as('searches'),
      sql<number | string>`count(distinct "userKey")`.as('users'),
      countWhen(reasonIs('nothingExists')).as('nothingExists'),
      countWhen(reasonIs('hiddenByAccess')).as('hiddenByAccess'),
      countWhen(reasonIs('otherLanguage')).as('otherLanguage'),
      eb.fn.max('lastAt').as('lastAt'),
    ])
    .groupBy(byQuery)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('queryKey')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    queryKey: row.queryKey,
    searches: Number(row.searches),
    users: Number(row.users),
    reasons: { nothingExists: Number(row.nothingExists ?? 0), hiddenByAccess: Number(row.hiddenByAccess ?? 0), otherLanguage: Number(row.otherLanguage ?? 0) },
    lastAt: row.lastAt,
  }));
}

/** The facets (JSON) of the latest no-result intent of the query the filter selects. */
export async function latestNoResultFacets(db: Kysely<Database>, filter: IntentFilter & { queryKey: string }): Promise<string | undefined> {
  const row = await filtered(db, filter).where('resultCount', '=', 0).select('facets').orderBy('lastAt', 'desc').limit(1).executeTakeFirst();
  return row?.facets;
}

/** The texts as typed of the filter's intents, most frequent first. */
export async function queryVariants(db: Kysely<Database>, filter: IntentFilter, limit: number) {
  const rows = await filtered(db, filter)
    .select((eb) => ['query', eb.fn.countAll<number | string>().as('searches')])
    .groupBy('query')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('query')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ text: row.query, searches: Number(row.searches) }));
}

/** What readers opened and downloaded after the filter's intents, with the documents' titles (most opened first). */
export async function actionDocuments(db: Kysely<Database>, filter: IntentFilter, limit: number) {
  const intents = filtered(db, filter).select('id');
  const rows = await db
    .selectFrom('search_intent_actions as action')
    .leftJoin(documentTitles(db).as('titled'), 'titled.id', 'action.documentId')
    .where('action.intentId', 'in', intents)
    .select([
      'action.documentId',
      (eb) => eb.fn.max('titled.title').as('title'),
      sql<number | string>`sum(case when action.kind = 'open' then 1 else 0 end)`.as('opens'),
      sql<number | string>`sum(case when action.kind = 'download' then 1 else 0 end)`.as('downloads'),
      sql<number | string | null>`avg(case when action.kind = 'open' then action.position end)`.as('averagePosition'),
    ])
    .groupBy('action.documentId')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('action.documentId')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    documentId: row.documentId,
    title: row.title ?? row.documentId,
    opens: Number(row.opens),
    downloads: Number(row.downloads),
    averagePosition: row.averagePosition === null ? null : Number(row.averagePosition),
  }));
}
