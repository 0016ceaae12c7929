import type { HistoryDescriber, HistoryDetails } from '../../platform/content-kinds/content-kind.ts';
import { allowedOrNull, goneDetails, zipRedownload } from '../../platform/content-kinds/history-details.ts';
import { mayDownload } from '../../platform/access/index.ts';
import { assertCanReadDocument, assertVersionReadable } from './document-access.service.ts';
import { findDocumentById, findVersionById } from './document.repository.ts';
import { readerFileName } from './reader-file-name.ts';

/**
 * A document download today: newer when the current version was published after the downloaded
 * one; downloaded again in the same version (or as the same zip) while the user may still read it.
 * A zip is recorded without a version (every version) or under another name than the version's file.
 */
export const describeDocumentDownload: HistoryDescriber = async ({ db }, user, record) => {
  const stored = record.versionId ? await findVersionById(db, record.versionId) : undefined;
  const isZip = record.versionId === null || (stored !== undefined && stored.fileName !== record.fileName);
  const found = await findDocumentById(db, record.itemId);
  // The record keeps the uploaded name; readers see the derived one (a zip's name is the portal's own).
  const fileName = isZip ? record.fileName : readerFileName(found ?? { title: '', serviceRef: '' }, record.fileName);
  const document = found && (await allowedOrNull(() => assertCanReadDocument(db, user, found.id)));
  if (!document) return { ...goneDetails(record, found?.title ?? fileName, isZip), fileName };
  const current = document.currentVersionId ? await findVersionById(db, document.currentVersionId) : undefined;
  const downloaded = stored?.documentId === document.id ? await allowedOrNull(() => assertVersionReadable(user, stored)) : null;
  const newer = current !== undefined && current.id !== record.versionId && (!downloaded || current.publishedAt >= downloaded.publishedAt);
  let redownload: HistoryDetails['redownload'] = null;
  if (mayDownload(user, document) && isZip) {
    redownload = record.versionId === null || downloaded ? zipRedownload(`documents/${document.serviceRef}${downloaded ? `/${downloaded.resourceVersion}` : ''}`) : null;
  } else if (mayDownload(user, document)) {
    const query = downloaded ? `?versionId=${encodeURIComponent(downloaded.id)}` : '';
    redownload = { method: 'POST', url: `/api/Content/download${query}`, body: [document.id] };
  }
  return {
    title: document.title,
    fileName,
    itemRef: document.serviceRef,
    isZip,
    newerVersionAvailable: newer,
    newestVersionLabel: current?.resourceVersion ?? null,
    redownload,
  };
};
