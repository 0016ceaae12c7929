/** Views of a document per UTC day (YYYY-MM-DD) and reader's account ('' without one). */
export interface DocumentViewsTable {
  documentId: string;
  day: string;
  account: string;
  views: number;
}

/** The tables statistics owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface StatisticsTables {
  document_views: DocumentViewsTable;
}
