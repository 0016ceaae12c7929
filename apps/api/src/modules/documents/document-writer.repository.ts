import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AccessRule } from '@portal/contracts/admin-documents';
import type { Database } from '../../platform/db/schema.ts';
import { listVersions } from './document.repository.ts';
import type { DocumentVersionsTable, DocumentsTable } from './document.tables.ts';

/* The writes of the publishing console (admin-documents), and its full read of one document. Callers run the writes inside one transaction per change. */

export async function insertDocument(db: Kysely<Database>, row: Insertable<DocumentsTable>): Promise<void> {
  await db.insertInto('documents').values(row).execute();
}

export async function updateDocumentRow(db: Kysely<Database>, id: string, changes: Updateable<DocumentsTable>): Promise<void> {
  await db.updateTable('documents').set(changes).where('id', '=', id).execute();
}

export async function insertVersion(db: Kysely<Database>, row: Insertable<DocumentVersionsTable>): Promise<void> {
  await db.insertInto('document_versions').values(row).execute();
}

export async function setVersionStatus(db: Kysely<Database>, versionId: string, status: 'published' | 'unpublished'): Promise<void> {
  await db.updateTable('document_versions').set({ status }).where('id', '=', versionId).execute();
}

export async function replaceProducts(db: Kysely<Database>, documentId: string, products: string[]): Promise<void> {
  await db.deleteFrom('document_products').where('documentId', '=', documentId).execute();
  if (products.length === 0) return;
  await db.insertInto('document_products').values([...new Set(products)].map((productCode) => ({ documentId, productCode }))).execute();
}

/** Replaces the audience rules. Named-user grants made through UserDocumentAccess are rules too and are replaced alike. */
export async function replaceAccessRules(
  db: Kysely<Database>,
  documentId: string,
  rules: AccessRule[],
  grantedBy: string | null,
  now: string,
): Promise<void> {
  await db.deleteFrom('document_access').where('documentId', '=', documentId).execute();
  const unique = new Map(rules.map((rule) => [`${rule.kind}\u0000${rule.value}`, rule]));
  if (unique.size === 0) return;
  await db
    .insertInto('document_access')
    .values(
      [...unique.values()].map((rule) => ({
        documentId,
        kind: rule.kind,
        value: rule.value,
        expiresAt: rule.kind === 'user' ? (rule.expiresAt ?? null) : null,
        grantedBy,
        createdAt: now,
      })),
    )
    .execute();
}

/** Points the document at its newest published version (or none); returns that version's id. */
export async function refreshCurrentVersion(db: Kysely<Database>, documentId: string, now: string): Promise<string | null> {
  const [newest] = await listVersions(db, documentId, false);
  const currentVersionId = newest?.id ?? null;
  await db.updateTable('documents').set({ currentVersionId, updatedAt: now }).where('id', '=', documentId).execute();
  return currentVersionId;
}

export async function loadAdminDocument(db: Kysely<Database>, id: string) {
  const document = await db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!document) return undefined;
  const [products, access, versions] = await Promise.all([
    db.selectFrom('document_products').select('productCode').where('documentId', '=', id).orderBy('productCode').execute(),
    db.selectFrom('document_access').select(['kind', 'value', 'expiresAt']).where('documentId', '=', id).orderBy('kind').orderBy('value').execute(),
    listVersions(db, id, true),
  ]);
  return { document, products: products.map((row) => row.productCode), access, versions };
}
export type AdminDocumentRows = NonNullable<Awaited<ReturnType<typeof loadAdminDocument>>>;

/** Unique-constraint violations on either database (a concurrent insert of the same serviceRef or version). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '23505' || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}
