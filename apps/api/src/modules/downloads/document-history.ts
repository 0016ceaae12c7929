import { assertCanReadDocument, assertVersionReadable, canDownload } from '../documents/document-access.service.ts';
import { findDocumentById, findVersionById } from '../documents/document.repository.ts';
import { allowedOrNull, goneDetails, type HistoryDescriber } from './history-details.ts';

/**
 * A document download today: newer when the current version was published after the downloaded
 * one; downloaded again in the same version while the user may still read it.
 */
export const describeDocumentDownload: HistoryDescriber = async (db, user, record) => {
  const found = await findDocumentById(db, record.itemId);
  const document = found && (await allowedOrNull(() => assertCanReadDocument(db, user, found.id)));
  if (!document) return goneDetails(record, found?.title);
  const current = document.currentVersionId ? await findVersionById(db, document.currentVersionId) : undefined;
  const stored = record.versionId ? await findVersionById(db, record.versionId) : undefined;
  const downloaded = stored?.documentId === document.id ? await allowedOrNull(() => assertVersionReadable(user, stored)) : null;
  const newer = current !== undefined && current.id !== record.versionId && (!downloaded || current.publishedAt >= downloaded.publishedAt);
  const query = downloaded ? `?versionId=${encodeURIComponent(downloaded.id)}` : '';
  return {
    title: document.title,
    itemRef: document.serviceRef,
    newerVersionAvailable: newer,
    newestVersionLabel: current?.resourceVersion ?? null,
    redownload: canDownload(user, document) ? { method: 'POST', url: `/api/Content/download${query}`, body: [document.id] } : null,
  };
};
