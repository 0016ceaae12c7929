import type { Generated } from 'kysely';

export interface DocumentSearchTable {
  documentId: string;
  /** As written; not searched. */
  title: string;
  /** The indexed tokens (folded words and tagged stems, see the search module's search-text.ts): title and document number, and text. */
  titleTerms: string;
  bodyTerms: string;
}

/** Per indexed word or stem token, how many documents hold it (typo corrections, "did you mean"). */
export interface SearchVocabularyTable {
  word: string;
  documents: number;
}

/** Work a migration asks for: `rebuild` makes the server start a full re-index (a `search_reindex_runs` run) when it starts. */
export interface SearchIndexTasksTable {
  task: string;
}

export type SearchReindexStatus = 'running' | 'done';
export type SearchReindexReason = 'migration' | 'admin';

/** A full re-index of search, run by a background job a batch at a time; at most one is `running`. */
export interface SearchReindexRunsTable {
  id: string;
  status: SearchReindexStatus;
  reason: SearchReindexReason;
  /** The documents there were when it started; set to `done` when it ends (documents come and go meanwhile). */
  total: number;
  done: number;
  /** The cursor: every document up to this id (in id order) is done. */
  lastDocumentId: string | null;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** SQLite only: the FTS5 rowid of each document's index row (FTS5 cannot look rows up by documentId). */
export interface DocumentSearchRowidsTable {
  searchRowid: Generated<number>;
  documentId: string;
}

/** The tables search owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface SearchTables {
  document_search: DocumentSearchTable;
  document_search_rowids: DocumentSearchRowidsTable;
  search_vocabulary: SearchVocabularyTable;
  search_index_tasks: SearchIndexTasksTable;
  search_reindex_runs: SearchReindexRunsTable;
}
