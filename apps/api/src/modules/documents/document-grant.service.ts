import type { Kysely } from 'kysely';
import type { UserDocumentAccessResponse } from '@portal/contracts/documents';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { documentNotFound } from '../../platform/content-kinds/not-found.ts';
import { badRequest } from '../../platform/errors.ts';
import { contentChanged } from '../../platform/content-kinds/content-generation.ts';
import { recordAudits, userContext, type AuditContext } from '../audit/index.ts';
import { existingDocumentIds, upsertUserGrants } from './document.repository.ts';

/**
 * POST UserDocumentAccess: lets the user with this e-mail see the documents (a 'user' audience
 * rule each). Idempotent: granting again renews the expiry. The caller checks the admin role.
 */
export async function grantUserDocumentAccess(
  { db }: { db: Kysely<Database> },
  admin: AuthUser,
  request: { mail: string; documentIds: readonly string[]; expiresAt?: string },
  audit: AuditContext = userContext(admin),
): Promise<UserDocumentAccessResponse> {
  const email = request.mail.trim().toLowerCase();
  const expiresAt = request.expiresAt ? new Date(request.expiresAt).toISOString() : null;
  if (expiresAt !== null && expiresAt <= new Date().toISOString()) {
    throw badRequest('invalidParameters', 'expiresAt must be in the future.', [{ path: 'querystring.expiresAt', message: 'is in the past' }]);
  }
  const documentIds = [...new Set(request.documentIds)];
  const existing = await existingDocumentIds(db, documentIds);
  const missing = documentIds.filter((id) => !existing.has(id));
  if (missing.length > 0) throw documentNotFound(missing);
  await upsertUserGrants(db, { documentIds, email, expiresAt, grantedBy: admin.sub });
  await recordAudits(db, audit, documentIds.map((id) => ({ action: 'grant', object: { kind: 'document', id }, after: { user: email, expiresAt } })));
  contentChanged();
  return { mail: email, expiresAt, documentIds };
}
