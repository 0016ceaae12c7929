import type { AdminDocument } from '@portal/contracts/admin-documents';
import { documentNotFound, documentVersionNotFound } from '../../platform/content-kinds/not-found.ts';
import { conflict } from '../../platform/errors.ts';
import type { ChangeOrigin } from '../../platform/events/index.ts';
import { deleteVersionRow, loadAdminDocument, refreshCurrentVersion } from '../documents/index.ts';
import { assertNotRetained, versionRetention } from '../units/index.ts';
import { presentAdminDocument } from './admin-document.presenter.ts';
import { inTransaction, type IngestDeps } from './admin-document.service.ts';

/*
 * Deleting a version, under the machine passport's ten-years rule: a version a shipped unit relies on
 * answers 409 with its retention end (the refusal audited); any other goes, with its search row and audit
 * entry through the `document.version-deleted` event.
 */

async function loadDocument(db: IngestDeps['db'], documentId: string): Promise<AdminDocument> {
  const rows = await loadAdminDocument(db, documentId);
  if (!rows) throw documentNotFound();
  return presentAdminDocument(rows);
}

/** Deletes one version; the current version moves to the newest remaining published one. A document keeps its last version (409). */
export async function deleteVersion(deps: IngestDeps, documentId: string, versionId: string, origin: ChangeOrigin): Promise<AdminDocument> {
  const document = await loadDocument(deps.db, documentId);
  if (!document.versions.some((version) => version.id === versionId)) throw documentVersionNotFound();
  if (document.versions.length === 1) throw conflict('This is the document\'s only version: withdraw the document instead of deleting it.');
  // Outside the transaction, so that the refusal's audit entry is not rolled back with it.
  await assertNotRetained(deps.db, documentId, [versionId], origin);
  return inTransaction(deps, 'A concurrent change conflicts with this one.', async (trx, emit) => {
    const before = await loadDocument(trx, documentId);
    if (!before.versions.some((version) => version.id === versionId)) throw documentVersionNotFound();
    await assertNotRetained(trx, documentId, [versionId], null);
    await deleteVersionRow(trx, documentId, versionId);
    await refreshCurrentVersion(trx, documentId, new Date().toISOString());
    const after = await loadDocument(trx, documentId);
    await emit('document.version-deleted', { documentId, versionId, before, after, origin });
    return after;
  });
}

/** The console's view of a document, each version with the date until which shipped units rely on it (`retainedUntil`). */
export async function withRetention(deps: IngestDeps, document: AdminDocument): Promise<AdminDocument> {
  const retention = await versionRetention(deps.db, [document.id]);
  return { ...document, versions: document.versions.map((version) => ({ ...version, retainedUntil: retention.get(version.id)?.until ?? null })) };
}
