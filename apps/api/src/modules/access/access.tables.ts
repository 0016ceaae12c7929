import type { AccessRuleKind, ContentSubjectType } from '../../platform/db/schema.ts';

/** Who may see a `restricted` document, and the named-user grants. */
export interface DocumentAccessTable {
  documentId: string;
  kind: AccessRuleKind;
  /** A role name, an account id, or a user's e-mail (lower case). */
  value: string;
  expiresAt: string | null;
  grantedBy: string | null;
  createdAt: string;
}

/** Audience rules of software and CAD content (the counterpart of document_access). */
export interface ContentAccessTable {
  subjectType: ContentSubjectType;
  subjectId: string;
  kind: AccessRuleKind;
  value: string;
  expiresAt: string | null;
  createdAt: string;
}

/** The tables access owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface AccessTables {
  document_access: DocumentAccessTable;
  content_access: ContentAccessTable;
}
