import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { normaliseSearchQuery, searchAnalyticsMaxQueryLength } from '@portal/contracts/search-analytics';
import type { Database } from '../../platform/db/schema.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { sharedSecret } from '../../platform/db/shared-secrets.ts';
import { noResultReasons, type NoResultAnswer, type NoResultReasons } from '../search/index.ts';
import type { AnalyticsEvent } from './search-analytics.recorder.ts';
import {
  insertIntent,
  latestIntent,
  latestIntentShowing,
  recordAction,
  recordShownResults,
  updateIntent,
  type IntentRow,
} from './search-analytics.repository.ts';

/*
 * How searches become intents. A reader's search joins their latest intent when it is the same query (another page,
 * other facets) within `sameQueryMs`, or a keystroke of it (one text a prefix of the other) within `keystrokeMs`
 * of its last search; the intent then takes the new text, facets and result count. Anything else starts a new
 * intent, and the previous one, when it was within `refineMs`, counts as refined. An open or a download belongs to
 * the reader's latest intent of the last `actionMs` that showed the document, at the position it showed it.
 */
export const intentWindows = { keystrokeMs: 5_000, sameQueryMs: 30 * 60_000, refineMs: 10 * 60_000, actionMs: 60 * 60_000 };

/**
 * How much of a batch one transaction writes: at most `events`, and no more once it has taken `ms`. SQLite's
 * connection is synchronous: a transaction holds it and the event loop until it commits (about half a millisecond
 * an event on a busy machine), so a batch is written in short transactions with a turn of the event loop between
 * them, and searches wait for one slice at most, never for a whole batch.
 */
export const recordSlice = { events: 200, ms: 5 };

/** The most results of one intent kept to match opens against (a few pages). */
const maxShownResults = 200;

type SearchEvent = Extract<AnalyticsEvent, { kind: 'search' }>;
type Facets = SearchEvent['facets'];

const secretName = 'search-analytics-user-key';

/** Turns subjects into pseudonymous reader keys: a keyed hash, whose key stays in the database. */
export async function userKeyMaker(db: Kysely<Database>): Promise<(sub: string) => string> {
  const secret = await sharedSecret(db, secretName, () => randomBytes(32).toString('base64url'));
  return (sub) => createHmac('sha256', secret).update(sub).digest('base64url').slice(0, 22);
}

const sameFacets = (a: Facets, b: Facets) => JSON.stringify(a) === JSON.stringify(b);
const listColumn = (values: readonly string[]) => (values.length === 0 ? '' : `,${values.join(',')},`);
/** Bounded lists of bounded codes, in a stable order. */
const boundedList = (values: readonly string[]) => [...new Set(values.map((value) => value.slice(0, 100)))].slice(0, 20).sort();

function boundedFacets(facets: Facets): Facets {
  return { type: boundedList(facets.type), product: boundedList(facets.product), language: boundedList(facets.language) };
}

function shown(event: SearchEvent) {
  const first = (event.page - 1) * event.pageSize;
  return event.resultIds.slice(0, maxShownResults).map((documentId, index) => ({ documentId, position: first + index + 1 }));
}

/** Whether the search continues the intent: another page, other facets or a keystroke of the same query. */
function continues(intent: IntentRow, queryKey: string, at: number): boolean {
  const gap = at - Date.parse(intent.lastAt);
  if (gap < 0) return true;
  if (queryKey === intent.queryKey) return gap <= intentWindows.sameQueryMs;
  const typing = queryKey.startsWith(intent.queryKey) || intent.queryKey.startsWith(queryKey);
  return typing && gap <= intentWindows.keystrokeMs;
}

async function recordSearch(db: Kysely<Database>, userKey: string, event: SearchEvent, touched: Map<string, SearchEvent>): Promise<void> {
  const queryKey = normaliseSearchQuery(event.text);
  if (queryKey === '') return;
  const query = event.text.trim().slice(0, searchAnalyticsMaxQueryLength);
  const facets = boundedFacets(event.facets);
  const at = Date.parse(event.at);
  const latest = await latestIntent(db, userKey);
  const common = {
    lastAt: event.at,
    query,
    queryKey,
    facets: JSON.stringify(facets),
    products: listColumn(facets.product),
    roles: listColumn(boundedList(event.roles)),
    account: event.account?.slice(0, 200) ?? null,
    locale: event.locale?.slice(0, 35).toLowerCase() ?? null,
    resultCount: event.total,
    noResultReason: null,
    hiddenMatches: 0,
  };
  if (latest && continues(latest, queryKey, at)) {
    // Another page of the same text and facets adds its results; a new text or other facets show others.
    const samePageSet = latest.queryKey === queryKey && sameFacets(JSON.parse(latest.facets) as Facets, facets);
    await updateIntent(db, latest.id, { ...common, lastAt: at < Date.parse(latest.lastAt) ? latest.lastAt : event.at, searches: latest.searches + 1 });
    await recordShownResults(db, latest.id, shown(event), event.at, !samePageSet);
    touched.set(latest.id, { ...event, facets });
    return;
  }
  if (latest && at - Date.parse(latest.lastAt) <= intentWindows.refineMs && latest.refined === 0) await updateIntent(db, latest.id, { refined: 1 });
  const id = randomUUID();
  await insertIntent(db, {
    id,
    userKey,
    day: event.at.slice(0, 10),
    startedAt: event.at,
    ...common,
    searches: 1,
    opens: 0,
    openPositionSum: 0,
    downloads: 0,
    refined: 0,
  });
  await recordShownResults(db, id, shown(event), event.at, false);
  touched.set(id, { ...event, facets });
}

async function recordFollowUp(db: Kysely<Database>, userKey: string, event: Extract<AnalyticsEvent, { kind: 'open' | 'download' }>): Promise<void> {
  const since = new Date(Date.parse(event.at) - intentWindows.actionMs).toISOString();
  const intent = await latestIntentShowing(db, userKey, event.documentId, since, event.at);
  if (!intent) return;
  await recordAction(db, { intentId: intent.intentId, documentId: event.documentId, kind: event.kind, position: intent.position, at: event.at });
}

/** Runs `write` over `items` in order, in transactions of one slice each, with a turn of the event loop between them. */
async function inSlices<T>(db: Kysely<Database>, items: readonly T[], slice: typeof recordSlice, write: (trx: Kysely<Database>, item: T) => Promise<void>): Promise<void> {
  let next = 0;
  while (next < items.length) {
    if (next > 0) await nextTurn();
    await inTransaction(db, async (trx) => {
      const started = performance.now();
      const end = Math.min(items.length, next + slice.events);
      do {
        await write(trx, items[next++]!);
      } while (next < end && performance.now() - started < slice.ms);
    });
  }
}

/**
 * Writes one batch of events, in order: searches into intents, opens and downloads onto the intents that led to
 * them; then, for each intent of the batch that ended without a result, why nothing was found. The reasons are
 * asked of the search module (where searches run: the search worker on SQLite) one at a time, outside any write
 * transaction, and written afterwards.
 */
export async function recordEvents(
  db: Kysely<Database>,
  keyOf: (sub: string) => string,
  events: AnalyticsEvent[],
  reasonOf: NoResultReasons = noResultReasons(db),
  slice = recordSlice,
): Promise<void> {
  const touched = new Map<string, SearchEvent>();
  await inSlices(db, events, slice, async (trx, event) => {
    const userKey = keyOf(event.userSub);
    if (event.kind === 'search') await recordSearch(trx, userKey, event, touched);
    else await recordFollowUp(trx, userKey, event);
  });
  const reasons: Array<{ id: string } & NoResultAnswer> = [];
  for (const [id, last] of touched) {
    if (last.total === 0) reasons.push({ id, ...(await reasonOf({ text: last.text, ...last.facets })) });
  }
  await inSlices(db, reasons, slice, (trx, { id, reason, hiddenMatches }) => updateIntent(trx, id, { noResultReason: reason, hiddenMatches }));
}
