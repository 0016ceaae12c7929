import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import {
  documentMatches,
  findDocumentById,
  findVersionById,
  type DocumentFilter,
  type DocumentRow,
  type VersionRow,
} from './document.repository.ts';

/*
 * The one place that decides who may see a document. Staff (employee, admin) see everything,
 * unpublished included. Everyone else sees a published document with a current version whose
 * audience is 'everyone', or 'restricted' with an unexpired rule naming one of their roles,
 * their account or their e-mail. Every content call, the file URLs and search go through here.
 */

export function canSeeAllDocuments(user: AuthUser): boolean {
  return user.roles.includes('employee') || user.roles.includes('admin');
}

const documentNotFound = () => notFound('documentNotFound', 'The document does not exist.');
const versionNotFound = () => notFound('versionNotFound', 'The document has no such version.');

function isPublished(document: DocumentRow): boolean {
  return document.status === 'published' && document.currentVersionId !== null;
}

/** One audience rule of a restricted document, as kept in document_access. */
export interface AudienceRule {
  kind: string;
  value: string;
  expiresAt: string | null;
}

/**
 * Whether a rule names the user and has not expired: the same test as `audienceFilter` below, for
 * callers that hold the rules in memory (the search catalog). Keep the two in step.
 */
export function ruleAdmits(user: AuthUser, rule: AudienceRule, now: string): boolean {
  if (rule.expiresAt !== null && rule.expiresAt <= now) return false;
  if (rule.kind === 'role') return (user.roles as readonly string[]).includes(rule.value);
  if (rule.kind === 'account') return user.account !== null && user.account === rule.value;
  if (rule.kind === 'user') return Boolean(user.email) && user.email.toLowerCase() === rule.value;
  return false;
}

/** SQL for "a rule of this restricted document names the user and has not expired". */
function audienceFilter(user: AuthUser, now: string): DocumentFilter {
  return (eb) => {
    const rules = eb
      .selectFrom('document_access')
      .select('document_access.documentId')
      .whereRef('document_access.documentId', '=', 'documents.id')
      .where((rule) =>
        rule.or([rule('document_access.expiresAt', 'is', null), rule('document_access.expiresAt', '>', now)]),
      )
      .where((rule) => {
        const matches = [];
        if (user.roles.length > 0) {
          matches.push(rule.and([rule('document_access.kind', '=', 'role'), rule('document_access.value', 'in', user.roles)]));
        }
        if (user.account) {
          matches.push(rule.and([rule('document_access.kind', '=', 'account'), rule('document_access.value', '=', user.account)]));
        }
        if (user.email) {
          matches.push(
            rule.and([rule('document_access.kind', '=', 'user'), rule('document_access.value', '=', user.email.toLowerCase())]),
          );
        }
        return rule.or(matches);
      });
    return eb.or([eb('documents.audience', '=', 'everyone'), eb.exists(rules)]);
  };
}

/** A where-clause keeping only the documents the user may see; use it in lists and search. */
export function visibleDocumentsFilter(user: AuthUser, now = new Date().toISOString()): DocumentFilter {
  if (canSeeAllDocuments(user)) return (eb) => eb.and([]);
  const audience = audienceFilter(user, now);
  return (eb: ExpressionBuilder<Database, 'documents'>) =>
    eb.and([eb('documents.status', '=', 'published'), eb('documents.currentVersionId', 'is not', null), audience(eb)]);
}

/**
 * The document, when the user may read it. 404 `documentNotFound` when it does not exist or is
 * unpublished (to non-staff), 403 `forbidden` when the user is not in its audience.
 */
export async function assertCanReadDocument(db: Kysely<Database>, user: AuthUser, documentId: string): Promise<DocumentRow> {
  const document = await findDocumentById(db, documentId);
  if (!document) throw documentNotFound();
  if (canSeeAllDocuments(user)) return document;
  if (!isPublished(document)) throw documentNotFound();
  if (document.audience !== 'everyone' && !(await documentMatches(db, documentId, audienceFilter(user, new Date().toISOString())))) {
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
  if (!version) throw versionNotFound();
  const document = await assertCanReadDocument(db, user, version.documentId);
  return { document, version: assertVersionReadable(user, version) };
}

/** The version itself, if its status lets the user see it (the document was already checked). */
export function assertVersionReadable(user: AuthUser, version: VersionRow | undefined): VersionRow {
  if (!version || (version.status !== 'published' && !canSeeAllDocuments(user))) throw versionNotFound();
  return version;
}

/** Whether the user may download the files of a document they can read. */
export function canDownload(user: AuthUser, document: DocumentRow): boolean {
  return document.downloadable === 1 || canSeeAllDocuments(user);
}
