import type { AccessRuleKind, ContentSubjectType } from '../../platform/db/schema.ts';

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
  content_access: ContentAccessTable;
}
