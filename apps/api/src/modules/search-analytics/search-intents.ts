import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { normaliseSearchQuery, searchAnalyticsMaxQueryLength } from '@portal/contracts/search-analytics';
import type { Database } from '../../platform/db/schema.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { sharedSecret } from '../../platform/db/shared-secrets.ts';
import { noResultReasons, type NoResultReasons } from '../search/index.ts';
import type { AnalyticsEvent } from './search-analytics.recorder.ts';
import {
  deleteShownLists,
  insertActions,
  latestIntents,
  latestIntentShowing,
  statementChunks,
  storedPosition,
  writeIntents,
  writeShownLists,
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
 * How much of a batch one transaction writes: at most `rows` (a statement is never split), and no more once it has
 * taken `ms`; reading and folding the batch yields a turn of the event loop every `ms` too. SQLite's connection is
 * synchronous: a transaction holds it and the event loop until it commits, so searches wait for one slice at most,
 * never for a whole batch. Writing on a connection of its own (a worker thread) would not spare the searches: every
 * commit of another connection changes the server's PRAGMA data_version, which is part of the content version the
 * search caches and the search worker's catalog are keyed by.
 */
export const recordSlice = { rows: 500, ms: 5 };

/**
 * The results kept to match opens against: those up to this position (a few dozen pages), so an intent's list stays
 * bounded however far a reader pages; an open from further down is not counted as following the search.
 */
export const maxShownPosition = 1_000;

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

/** Whether the search continues the intent: another page, other facets or a keystroke of the same query. */
function continues(intent: IntentRow, queryKey: string, at: number): boolean {
  const gap = at - Date.parse(intent.lastAt);
  if (gap < 0) return true;
  if (queryKey === intent.queryKey) return gap <= intentWindows.sameQueryMs;
  const typing = queryKey.startsWith(intent.queryKey) || intent.queryKey.startsWith(queryKey);
  return typing && gap <= intentWindows.keystrokeMs;
}

type Counters = Pick<IntentRow, 'searches' | 'opens' | 'openPositionSum' | 'downloads'>;
const noCounters: Counters = { searches: 0, opens: 0, openPositionSum: 0, downloads: 0 };
const countersOf = ({ searches, opens, openPositionSum, downloads }: Counters): Counters => ({ searches, opens, openPositionSum, downloads });

/** An intent the batch reads or changes, as the batch leaves it. */
interface Folded {
  row: IntentRow;
  /** Started by this batch (else read from the database). */
  started: boolean;
  /** Its counters as stored before the batch (none for one it started): it writes what the batch added. */
  stored: Counters;
  /** The results it showed in this batch; `replaced`: those stored before are gone. */
  shown: Map<string, { position: number; lastAt: string }>;
  replaced: boolean;
  /** Written at the end of the batch. */
  changed: boolean;
  /** The last search of the batch it took: why nothing was found is asked for it. */
  lastSearch?: { text: string; facets: Facets };
}

interface Reader {
  key: string;
  /** Its latest intent: read before the batch, then the one the batch started last. */
  latest?: Folded;
  /** When its latest stored intent was last searched before the batch ('' for none): none stored is later. */
  storedUntil: string;
  /** Its intents whose stored copy (if any) is out of date: started or continued by the batch, oldest first. */
  ahead: Folded[];
}

type FollowUpEvent = Extract<AnalyticsEvent, { kind: 'open' | 'download' }>;

/**
 * One batch of events folded in memory, in order, as if each were written before the next was read: searches into
 * intents, opens and downloads onto the intents that led to them. Reads the database only for what the batch does
 * not hold: each reader's latest intent (before the fold, a few statements for the whole batch) and the
 * stored intents an open or a download may belong to.
 */
class BatchFold {
  readonly intents = new Map<string, Folded>();
  readonly actions: Array<{ intentId: string; documentId: string; kind: 'open' | 'download'; position: number; at: string }> = [];
  private readonly readers = new Map<string, Reader>();
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  reader(key: string): Reader {
    let reader = this.readers.get(key);
    if (!reader) this.readers.set(key, (reader = { key, storedUntil: '', ahead: [] }));
    return reader;
  }

  private known(row: IntentRow): Folded {
    let intent = this.intents.get(row.id);
    if (!intent) {
      intent = { row, started: false, stored: countersOf(row), shown: new Map(), replaced: false, changed: false };
      this.intents.set(row.id, intent);
    }
    return intent;
  }

  /** Reads the latest intent of each of the batch's readers, before anything is folded. */
  async readLatest(keys: readonly string[], pace: () => Promise<void>): Promise<void> {
    for (const chunk of statementChunks(keys, 64)) {
      for (const key of chunk) this.reader(key);
      for (const row of await latestIntents(this.db, chunk)) {
        const reader = this.reader(row.userKey);
        reader.latest = this.known(row);
        reader.storedUntil = row.lastAt;
      }
      await pace();
    }
  }

  search(reader: Reader, event: SearchEvent): void {
    const queryKey = normaliseSearchQuery(event.text);
    if (queryKey === '') return;
    const facets = boundedFacets(event.facets);
    const at = Date.parse(event.at);
    const common = {
      lastAt: event.at,
      query: event.text.trim().slice(0, searchAnalyticsMaxQueryLength),
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
    const latest = reader.latest;
    if (latest && continues(latest.row, queryKey, at)) {
      // Another page of the same text and facets adds its results; a new text or other facets show others.
      const samePageSet = latest.row.queryKey === queryKey && sameFacets(JSON.parse(latest.row.facets) as Facets, facets);
      const lastAt = at < Date.parse(latest.row.lastAt) ? latest.row.lastAt : event.at;
      Object.assign(latest.row, { ...common, lastAt, searches: latest.row.searches + 1 });
      if (!samePageSet) {
        latest.shown = new Map();
        latest.replaced = true;
      }
      this.show(latest, event, facets);
      // A stored intent is continued before the batch starts any other of the reader's: it comes first.
      if (!latest.started && reader.ahead[0] !== latest) reader.ahead.push(latest);
      return;
    }
    if (latest && at - Date.parse(latest.row.lastAt) <= intentWindows.refineMs && latest.row.refined === 0) {
      latest.row.refined = 1;
      latest.changed = true;
    }
    const row: IntentRow = { id: randomUUID(), userKey: reader.key, day: event.at.slice(0, 10), startedAt: event.at, ...common, searches: 1, opens: 0, openPositionSum: 0, downloads: 0, refined: 0 };
    const intent: Folded = { row, started: true, stored: noCounters, shown: new Map(), replaced: false, changed: true };
    this.intents.set(row.id, intent);
    this.show(intent, event, facets);
    reader.latest = intent;
    reader.ahead.push(intent);
  }

  private show(intent: Folded, event: SearchEvent, facets: Facets): void {
    const first = (event.page - 1) * event.pageSize;
    event.resultIds.slice(0, Math.max(0, maxShownPosition - first)).forEach((documentId, index) => intent.shown.set(documentId, { position: first + index + 1, lastAt: event.at }));
    intent.lastSearch = { text: event.text, facets };
    intent.changed = true;
  }

  /** An open or a download: onto the reader's latest intent of the last `actionMs` that showed the document, at its position there. */
  async followUp(reader: Reader, event: FollowUpEvent): Promise<void> {
    const since = new Date(Date.parse(event.at) - intentWindows.actionMs).toISOString();
    let found: { intent: Folded; position: number } | undefined;
    // Those the batch holds ahead of the database, newest last (it wins a tie).
    for (const intent of reader.ahead) {
      const { lastAt, startedAt, id } = intent.row;
      if (lastAt < since || startedAt > event.at || (found && lastAt < found.intent.row.lastAt)) continue;
      const position = intent.shown.get(event.documentId)?.position ?? (intent.started || intent.replaced ? undefined : await storedPosition(this.db, id, event.documentId));
      if (position !== undefined) found = { intent, position };
    }
    // The stored ones, but for the one the batch continued (at most one a reader: its latest before the batch); asked
    // only when one of them could be later than the intent found.
    const continued = reader.ahead.find((intent) => !intent.started)?.row.id;
    const storedMayWin = reader.storedUntil !== '' && (!found || reader.storedUntil > found.intent.row.lastAt);
    const stored = storedMayWin ? await latestIntentShowing(this.db, reader.key, event.documentId, since, event.at, continued) : undefined;
    if (stored && (!found || stored.lastAt > found.intent.row.lastAt)) {
      const { position, ...row } = stored;
      found = { intent: this.known(row), position };
    }
    if (!found) return;
    const { intent, position } = found;
    this.actions.push({ intentId: intent.row.id, documentId: event.documentId, kind: event.kind, position, at: event.at });
    if (event.kind === 'open') {
      intent.row.opens += 1;
      intent.row.openPositionSum += position;
    } else intent.row.downloads += 1;
    intent.changed = true;
  }
}

/** A statement of the batch's writes, and how many rows it writes. */
interface Write {
  rows: number;
  run(trx: Kysely<Database>): Promise<void>;
}

interface ShownList {
  intentId: string;
  /** JSON: document id → position. */
  documents: string;
  lastAt: string;
}

function shownList(intent: Folded): ShownList {
  const positions: Record<string, number> = {};
  let lastAt = '';
  for (const [documentId, shown] of intent.shown) {
    positions[documentId] = shown.position;
    if (shown.lastAt > lastAt) lastAt = shown.lastAt;
  }
  return { intentId: intent.row.id, documents: JSON.stringify(positions), lastAt };
}

/** What the fold changed, as few statements: the intents, the results they show now, the opens and downloads. */
async function writesOf(fold: BatchFold, pace: () => Promise<void>): Promise<Write[]> {
  const changed = [...fold.intents.values()].filter((intent) => intent.changed);
  const written = changed.map(({ row, stored }) => ({
    ...row,
    searches: row.searches - stored.searches,
    opens: row.opens - stored.opens,
    openPositionSum: row.openPositionSum - stored.openPositionSum,
    downloads: row.downloads - stored.downloads,
  }));
  // Each intent's shown results as one list: a new one, or one that shows others now, replaces what is stored (none
  // left: deleted); another page adds to it.
  const emptied = changed.filter((intent) => !intent.started && intent.replaced && intent.shown.size === 0).map((intent) => intent.row.id);
  const lists = { replacing: [] as ShownList[], adding: [] as ShownList[] };
  for (const intent of changed) {
    if (intent.shown.size === 0) continue;
    (intent.started || intent.replaced ? lists.replacing : lists.adding).push(shownList(intent));
    await pace();
  }
  return [
    ...statementChunks(written, 32).map((rows): Write => ({ rows: rows.length, run: (trx) => writeIntents(trx, rows) })),
    ...statementChunks(emptied, 64).map((ids): Write => ({ rows: ids.length, run: (trx) => deleteShownLists(trx, ids) })),
    ...statementChunks(lists.replacing, 32).map((rows): Write => ({ rows: rows.length, run: (trx) => writeShownLists(trx, rows, true) })),
    ...statementChunks(lists.adding, 32).map((rows): Write => ({ rows: rows.length, run: (trx) => writeShownLists(trx, rows, false) })),
    ...statementChunks(fold.actions, 64).map((rows): Write => ({ rows: rows.length, run: (trx) => insertActions(trx, rows) })),
  ];
}

/** Runs the writes in order, in transactions of one slice each, with a turn of the event loop between them. */
async function inSlices(db: Kysely<Database>, writes: readonly Write[], slice: typeof recordSlice): Promise<void> {
  let next = 0;
  while (next < writes.length) {
    if (next > 0) await nextTurn();
    await inTransaction(db, async (trx) => {
      const started = performance.now();
      let rows = 0;
      do {
        const write = writes[next++]!;
        await write.run(trx);
        rows += write.rows;
      } while (next < writes.length && rows + writes[next]!.rows <= slice.rows && performance.now() - started < slice.ms);
    });
  }
}

/** Yields a turn of the event loop once `ms` have passed since the last one. */
function pacer(ms: number): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) return;
    await nextTurn();
    since = performance.now();
  };
}

/**
 * Writes one batch of events: folded in memory (BatchFold), then for each intent of the batch that ended without a
 * result, why nothing was found, asked of the search module (where searches run: the search worker on SQLite) one
 * at a time, outside any transaction; then everything written in a few statements, in short transactions. A reason
 * that could not be asked leaves it and the following ones unknown: the batch is written, and the error thrown.
 */
export async function recordEvents(
  db: Kysely<Database>,
  keyOf: (sub: string) => string,
  events: AnalyticsEvent[],
  reasonOf: NoResultReasons = noResultReasons(db),
  slice = recordSlice,
): Promise<void> {
  const keys = new Map<string, string>();
  const cachedKeyOf = (sub: string) => keys.get(sub) ?? keys.set(sub, keyOf(sub)).get(sub)!;
  const pace = pacer(slice.ms);
  const fold = new BatchFold(db);
  await fold.readLatest([...new Set(events.map((event) => cachedKeyOf(event.userSub)))], pace);
  for (const event of events) {
    const reader = fold.reader(cachedKeyOf(event.userSub));
    if (event.kind === 'search') fold.search(reader, event);
    else await fold.followUp(reader, event);
    await pace();
  }
  let failure: { error: unknown } | undefined;
  for (const { row, lastSearch } of fold.intents.values()) {
    if (!lastSearch || row.resultCount !== 0) continue;
    try {
      const { reason, hiddenMatches } = await reasonOf({ text: lastSearch.text, ...lastSearch.facets });
      Object.assign(row, { noResultReason: reason, hiddenMatches });
      await pace();
    } catch (error) {
      failure = { error };
      break;
    }
  }
  await inSlices(db, await writesOf(fold, pace), slice);
  if (failure) throw failure.error;
}
