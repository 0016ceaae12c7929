/*
 * The tables the search-analytics module owns (docs/architecture.md, "Who owns which table").
 */

/**
 * One search intent: a reader's keystrokes, pages and facet changes of one query collapse into one row, which keeps
 * the final query, facets and result count, and counts what followed (opens, downloads, a refined search).
 */
export interface SearchIntentsTable {
  id: string;
  /** Pseudonymous reader key (keyed hash of the subject): distinct readers are counted, never named. */
  userKey: string;
  /** UTC day of the first search (YYYY-MM-DD): what the dashboard's period filters on. */
  day: string;
  startedAt: string;
  lastAt: string;
  /** The final query as typed (bounded). */
  query: string;
  /** The query as grouped: lower case, single spaces. */
  queryKey: string;
  /** The facets set at the final search, as JSON `{ type, product, language }`. */
  facets: string;
  /** The product facet's codes as `,a,b,` (empty: none), for the product filter. */
  products: string;
  /** The reader's roles as `,customer,` and account (null: none) and first language (lower case). */
  roles: string;
  account: string | null;
  locale: string | null;
  resultCount: number;
  /** How many searches (keystrokes, pages, facet changes) the intent collapsed. */
  searches: number;
  noResultReason: 'nothingExists' | 'hiddenByAccess' | 'otherLanguage' | null;
  /** For `hiddenByAccess`: how many matches the reader may not see (a count, never which). */
  hiddenMatches: number;
  opens: number;
  /** Sum of the positions (1 = first) of the opened results: the average is the sum over opens. */
  openPositionSum: number;
  downloads: number;
  /** 1 when the same reader searched again for something else soon after. */
  refined: number;
}

/**
 * The results an intent showed, with their positions, as one JSON object (document id → position), kept a few days to
 * match the opens and downloads that follow; `lastAt`: when it last showed one.
 */
export interface SearchIntentShownTable {
  intentId: string;
  documents: string;
  lastAt: string;
}

/** What a reader opened or downloaded after an intent. */
export interface SearchIntentActionsTable {
  intentId: string;
  documentId: string;
  kind: 'open' | 'download';
  position: number;
  at: string;
}

/**
 * The additive figures of the intents of one query (`queryKey`; '' for all queries together) over an aligned block
 * of `span` days (1, 2, 4, … 512) from `fromDay` (search-analytics-rollups.ts). Counts of intents unless named
 * otherwise; the `noResult…` reasons count the intents without a result only.
 */
/** The additive figures of a set of intents (what the dashboard's rates are computed from). */
export interface IntentCounts {
  searches: number;
  noResults: number;
  nothingExists: number;
  hiddenByAccess: number;
  otherLanguage: number;
  withResults: number;
  clicked: number;
  bounced: number;
  converted: number;
  downloaded: number;
  refined: number;
  /** Sums of the intents' opens and opened positions. */
  opens: number;
  positionSum: number;
}

export interface SearchIntentRollupsTable extends IntentCounts {
  span: number;
  fromDay: string;
  queryKey: string;
  noResultNothingExists: number;
  noResultHiddenByAccess: number;
  noResultOtherLanguage: number;
  /** The latest intent without a result: when it was last searched, and its facets (JSON). */
  noResultLastAt: string | null;
  noResultFacets: string | null;
}

/** The blocks whose roll-ups are complete; a change to one of their days' intents removes them (a trigger). */
export interface SearchIntentRollupBlocksTable {
  span: number;
  fromDay: string;
  toDay: string;
  rolledAt: string;
}

/** The filter columns a dimension roll-up row is split by (search-analytics-rollups.ts). */
export type IntentDimension = 'locale' | 'roles' | 'account' | 'products';

/**
 * The roll-ups of the intents of one query over a block whose `dimension` column holds `value` as stored; for single
 * days (span 1) only those of all queries together (`queryKey` ''), which the filtered summary reads.
 */
export interface SearchIntentDimensionRollupsTable extends SearchIntentRollupsTable {
  dimension: IntentDimension;
  value: string;
}

/** Each reader's latest day with an intent (a trigger keeps it): the readers of the days up to the latest. */
export interface SearchIntentReadersTable {
  userKey: string;
  lastDay: string;
}

/** Each reader's latest day with an intent whose `dimension` column holds `value` as stored (triggers keep it). */
export interface SearchIntentReaderValuesTable {
  dimension: Exclude<IntentDimension, 'account'>;
  value: string;
  userKey: string;
  lastDay: string;
}

export interface SearchAnalyticsTables {
  search_intents: SearchIntentsTable;
  search_intent_shown: SearchIntentShownTable;
  search_intent_actions: SearchIntentActionsTable;
  search_intent_rollups: SearchIntentRollupsTable;
  search_intent_rollup_blocks: SearchIntentRollupBlocksTable;
  search_intent_dimension_rollups: SearchIntentDimensionRollupsTable;
  search_intent_readers: SearchIntentReadersTable;
  search_intent_reader_values: SearchIntentReaderValuesTable;
}
