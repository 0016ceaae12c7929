/*
 * The tables the feedback module owns (docs/architecture.md, "Who owns which table").
 */

/** One reader's "Was this helpful?" answer on a document (version), software item or unit, and its triage. */
export interface FeedbackItemsTable {
  id: string;
  subjectKind: 'document' | 'software' | 'unit';
  /** The document's, software item's or unit's id. */
  subjectId: string;
  /** What readers address it by: the document id, the equipment name or the serial (the notification's link). */
  subjectKey: string;
  /** Its title when the feedback was left (the console lists it without asking the owner again). */
  subjectTitle: string;
  /** The web app's path of what the reader answered on (the notification of a fix links there). */
  link: string;
  versionId: string | null;
  versionLabel: string | null;
  readerSub: string;
  readerName: string;
  /** The reader's language when they answered (tells a "wrong language" apart). */
  language: string | null;
  /** 1 for yes, 0 for no. */
  helpful: number;
  reason: 'incorrect' | 'outdated' | 'missingInformation' | 'hardToUnderstand' | 'wrongLanguage' | null;
  comment: string;
  status: 'new' | 'inProgress' | 'fixed' | 'dismissed';
  note: string;
  createdAt: string;
  updatedAt: string;
}

export interface FeedbackTables {
  feedback_items: FeedbackItemsTable;
}
