import type { Kysely } from 'kysely';
import type { DocumentGrant, DocumentGrantList } from '@portal/contracts/document-grants';
import { contentChanged } from '../../platform/content-kinds/content-generation.ts';
import type { Database } from '../../platform/db/schema.ts';
import { documentNotFound } from '../../platform/content-kinds/not-found.ts';
import { notFound } from '../../platform/errors.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { deleteUserGrant, documentExists, userGrantRows, type UserGrantRow } from '../documents/index.ts';

const presentGrant = (row: UserGrantRow, now: string): DocumentGrant => ({
  mail: row.value,
  expiresAt: row.expiresAt,
  expired: row.expiresAt !== null && row.expiresAt <= now,
  grantedBy: row.grantedBy,
  createdAt: row.createdAt,
});


/** The named users a document is granted to (UserDocumentAccess), expired ones flagged. The routes check the role. */
export async function listDocumentGrants({ db }: { db: Kysely<Database> }, documentId: string): Promise<DocumentGrantList> {
  if (!(await documentExists(db, documentId))) throw documentNotFound([documentId]);
  const now = new Date().toISOString();
  return { documentId, grants: (await userGrantRows(db, documentId)).map((row) => presentGrant(row, now)) };
}

/** Takes a named user's grant away; the removal and its audit entry commit together. */
export async function revokeDocumentGrant({ db }: { db: Kysely<Database> }, context: AuditContext, documentId: string, email: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await documentExists(trx, documentId))) throw documentNotFound([documentId]);
    const removed = await deleteUserGrant(trx, documentId, email);
    if (!removed) throw notFound('notFound', `${email} has no grant on document ${documentId}.`);
    await recordAudit(trx, context, { action: 'revoke', object: { kind: 'document', id: documentId }, before: { user: email, expiresAt: removed.expiresAt } });
    contentChanged();
  });
}
