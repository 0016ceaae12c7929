import type { ContentSubjectType } from '../db/schema.ts';
import { allOf, always, subjectField, type Condition } from './condition.ts';

/** How a field of a subject is read from its row. */
export interface SubjectFieldSource {
  column: string;
  /** Only whether the column is null counts (conditions may test it with isSet/isUnset only). */
  presenceOnly?: true;
}

/**
 * Something access is decided for (a document, a software item …): where its rows and its grants
 * live, and when it counts as published. Grant rows always have the columns kind, value, expiresAt.
 */
export interface SubjectKind {
  readonly table: string;
  readonly key: string;
  readonly fields: Readonly<Record<string, SubjectFieldSource>>;
  /** Published subjects are the only ones non-staff may see at all. */
  readonly published: Condition;
  readonly grants: {
    readonly table: string;
    readonly subjectColumn: string;
    /** A column that tells which kind of subject a shared grant table row belongs to. */
    readonly subjectType?: { readonly column: string; readonly value: string };
  };
}

export const documentSubject: SubjectKind = {
  table: 'documents',
  key: 'id',
  fields: {
    audience: { column: 'audience' },
    status: { column: 'status' },
    currentVersion: { column: 'currentVersionId', presenceOnly: true },
  },
  published: allOf(subjectField('status').equals('published'), subjectField('currentVersion').isSet()),
  grants: { table: 'document_access', subjectColumn: 'documentId' },
};

function contentSubject(type: ContentSubjectType, table: string, key: string): SubjectKind {
  return {
    table,
    key,
    fields: { audience: { column: 'audience' } },
    published: always,
    grants: { table: 'content_access', subjectColumn: 'subjectId', subjectType: { column: 'subjectType', value: type } },
  };
}

/** Software and CAD content: an audience and grants in content_access; no unpublished state. */
export const contentSubjects: Readonly<Record<ContentSubjectType, SubjectKind>> = {
  'software-item': contentSubject('software-item', 'software_items', 'id'),
  'software-version': contentSubject('software-version', 'software_versions', 'id'),
  'cad-family': contentSubject('cad-family', 'cad_families', 'code'),
  'cad-library': contentSubject('cad-library', 'cad_libraries', 'id'),
};

/** The facts a condition reads of a subject, from its row (presence-only fields become 'set' or null). */
export type SubjectFacts = Readonly<Record<string, string | null>>;

export function subjectFacts(kind: SubjectKind, row: object): SubjectFacts {
  const facts: Record<string, string | null> = {};
  for (const [field, source] of Object.entries(kind.fields)) {
    const value = (row as Record<string, unknown>)[source.column];
    if (value === undefined) throw new Error(`The row lacks ${source.column}, which access reads`);
    facts[field] = value === null ? null : source.presenceOnly ? 'set' : String(value);
  }
  return facts;
}
