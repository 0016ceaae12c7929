import { documentNotFound, documentVersionNotFound } from '../../platform/content-kinds/not-found.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { ZipResolver } from '../../platform/content-kinds/content-kind.ts';
import { safeFileName, zipEntry } from '../../platform/content-kinds/zip-entries.ts';
import { mayDownload } from '../../platform/access/index.ts';
import { assertCanReadDocument, assertVersionReadable, canSeeAllDocuments } from './document-access.service.ts';
import { findDocumentByServiceRef, findVersionByLabel, listVersions } from './document.repository.ts';
import { readerFileName } from './reader-file-name.ts';

/** First segment of a document `downloadZip` filePath. */
export const documentZipPrefix = 'documents';

/**
 * `documents/<serviceRef>`: the files of every version the user may see, one folder per version;
 * `documents/<serviceRef>/<resourceVersion>`: the file of that version.
 */
export const resolveDocumentZip: ZipResolver = async ({ db }, user, segments) => {
  if (segments.length < 1 || segments.length > 2) {
    throw notFound('notFound', 'A document zip path is documents/<serviceRef>[/<resourceVersion>].');
  }
  const [serviceRef, resourceVersion] = segments as [string, string | undefined];
  const found = await findDocumentByServiceRef(db, serviceRef);
  if (!found) throw documentNotFound();
  const document = await assertCanReadDocument(db, user, found.id);
  if (!mayDownload(user, document)) throw forbidden('This document cannot be downloaded.');
  const versions = resourceVersion
    ? [assertVersionReadable(user, await findVersionByLabel(db, document.id, resourceVersion))]
    : await listVersions(db, document.id, canSeeAllDocuments(user));
  if (versions.length === 0) throw documentVersionNotFound('undownloadable');
  const fileName = `${safeFileName(resourceVersion ? `${document.serviceRef}-${resourceVersion}` : document.serviceRef)}.zip`;
  return {
    fileName,
    entries: versions.map((version) =>
      zipEntry({ ...version, fileName: readerFileName(document, version.fileName) }, safeFileName(`${document.serviceRef}-${version.resourceVersion}`)),
    ),
    record: {
      itemKind: 'document',
      itemId: document.id,
      versionId: resourceVersion ? versions[0].id : null,
      versionLabel: versions[0].resourceVersion,
      fileName,
      fileId: null,
    },
  };
};
