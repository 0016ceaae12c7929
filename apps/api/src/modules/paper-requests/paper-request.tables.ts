/*
 * The tables the paper-requests module owns (docs/architecture.md, "Who owns which table").
 */

/** One request for a unit's instructions on paper, and the steps staff took (requested → printed → shipped). */
export interface PaperRequestsTable {
  id: string;
  unitId: string;
  serialNumber: string;
  /** The unit's customer account when asked (the per-account rate limit counts by it). */
  account: string;
  requesterSub: string;
  requesterName: string;
  language: string;
  postalAddress: string;
  contact: string;
  state: 'requested' | 'printed' | 'shipped';
  requestedAt: string;
  dueAt: string;
  printedAt: string | null;
  printedNote: string | null;
  shippedAt: string | null;
  shippedNote: string | null;
}

/** The days on which an account's flood of requests was refused and audited (at most one entry a day). */
export interface PaperRequestFloodsTable {
  account: string;
  day: string;
}

/** A reminder mailed to the publishers about a request (each stage once). */
export interface PaperRequestRemindersTable {
  requestId: string;
  stage: 'due-in-7-days' | 'due-in-3-days' | 'overdue';
  sentAt: string;
}

export interface PaperRequestTables {
  paper_requests: PaperRequestsTable;
  paper_request_floods: PaperRequestFloodsTable;
  paper_request_reminders: PaperRequestRemindersTable;
}
