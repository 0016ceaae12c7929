import type { AuthUser } from '@portal/contracts/users';
import type { ContentKind, ContentKindDeps, FavoriteItem } from '../../platform/content-kinds/content-kind.ts';
import { visibleDocumentsFilter } from './document-access.service.ts';
import { describeDocumentDownload } from './document-history.ts';
import { findFavoriteDocuments, type DocumentCardRow } from './document.repository.ts';
import { documentZipPrefix, resolveDocumentZip } from './document-zip.ts';
import { readerFileName } from './reader-file-name.ts';

function presentFavorite(deps: ContentKindDeps, user: AuthUser, row: DocumentCardRow): FavoriteItem {
  const thumbnailUrl = row.thumbnailKey
    ? deps.fileUrls.sign({
        storageKey: row.thumbnailKey, fileName: `${row.serviceRef}-${row.resourceVersion}.png`, mediaType: 'image/png',
        userSub: user.sub, disposition: 'inline',
      })
    : null;
  return {
    itemKind: 'document',
    itemId: row.id,
    title: row.title,
    document: {
      id: row.id,
      serviceRef: row.serviceRef,
      title: row.title,
      fileName: readerFileName(row, row.fileName),
      resourceVersion: row.resourceVersion,
      downloadableDocument: row.downloadable === 1,
      typeCode: row.typeCode,
      languageCode: row.languageCode,
      thumbnailUrl,
    },
  };
}

/** Documents as a content kind: `documents/…` zips, their download history and favourites. */
export const documentKind: ContentKind = {
  kind: 'document',
  zipResolvers: { [documentZipPrefix]: resolveDocumentZip },
  describeDownload: describeDocumentDownload,
  async describeFavorites(deps, user, ids) {
    const rows = await findFavoriteDocuments(deps.db, ids, visibleDocumentsFilter(user));
    return new Map(rows.map((row) => [row.id, presentFavorite(deps, user, row)]));
  },
};
