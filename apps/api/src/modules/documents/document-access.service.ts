import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { documentNotFound, documentVersionNotFound } from '../../platform/content-kinds/not-found.ts';
import { forbidden } from '../../platform/errors.ts';
import {
  audienceCheck,
  documentSubject,
  isPublished,
  isStaff,
  mayReadVersion,
  needsGrants,
  subjectFacts,
  visibleFilter,
} from '../../platform/access/index.ts';
import { always } from '../../platform/access/condition.ts';
import {
  documentMatches,
  findDocumentById,
  findVersionById,
  type DocumentFilter,
  type DocumentRow,
  type VersionRow,
} from './document.repository.ts';

/*
 * Who may see a document, as the access engine (platform/access) decides it: staff see
 * everything, unpublished included; everyone else a published document with a current version
 * that its audience admits them to. Every content call, the file URLs and search go through here.
 */

export function canSeeAllDocuments(user: AuthUser): boolean {
  return isStaff(user);
}


/** A where-clause keeping only the documents the user may see; use it in lists and search. */
export function visibleDocumentsFilter(user: AuthUser, now = new Date().toISOString()): DocumentFilter {
  const visible = visibleFilter(user, documentSubject, now);
  return () => visible;
}

/**
 * The audience rule without the published condition: withdrawn documents the user's audience admits. Only
 * for the machine passport, which shows of them just the versions a unit the user may see still retains.
 */
export function audienceOnlyDocumentsFilter(user: AuthUser, now = new Date().toISOString()): DocumentFilter {
  const visible = visibleFilter(user, { ...documentSubject, published: always }, now);
  return () => visible;
}

/**
 * The document, when the user may read it. 404 `documentNotFound` when it does not exist or is
 * unpublished (to non-staff), 403 `forbidden` when the user is not in its audience.
 */
export async function assertCanReadDocument(db: Kysely<Database>, user: AuthUser, documentId: string): Promise<DocumentRow> {
  const document = await findDocumentById(db, documentId);
  if (!document) throw documentNotFound();
  const now = new Date().toISOString();
  // Staff, and audiences that need no grant, pass here without a query (grants only add visibility).
  if (!needsGrants(audienceCheck(user, documentSubject, now), subjectFacts(documentSubject, document))) return document;
  if (!isPublished(documentSubject, document)) throw documentNotFound();
  if (!(await documentMatches(db, documentId, visibleDocumentsFilter(user, now)))) {
    throw forbidden('You are not allowed to see this document.');
  }
  return document;
}

/** Like assertCanReadDocument for one version; 404 `versionNotFound` when absent or unpublished (to non-staff). */
export async function assertCanReadVersion(
  db: Kysely<Database>,
  user: AuthUser,
  versionId: string,
): Promise<{ document: DocumentRow; version: VersionRow }> {
  const version = await findVersionById(db, versionId);
  if (!version) throw documentVersionNotFound();
  const document = await assertCanReadDocument(db, user, version.documentId);
  return { document, version: assertVersionReadable(user, version) };
}

/** The version itself, if the access engine lets the user read it (the document was already checked). */
export function assertVersionReadable(user: AuthUser, version: VersionRow | undefined): VersionRow {
  if (!version || !mayReadVersion(user, version)) throw documentVersionNotFound();
  return version;
}
