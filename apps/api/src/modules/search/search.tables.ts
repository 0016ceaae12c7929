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

/** Work the server does on start: `rebuild` re-creates every document's index row. */
export interface SearchIndexTasksTable {
  task: string;
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
}
