import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import { previewKindOf, type PreviewKind } from '@portal/contracts/previews';
import type { Database } from '../../platform/db/schema.ts';
import { documentVersionNotFound } from '../../platform/content-kinds/not-found.ts';
import { typeIconThumbnail } from '../../previews/image-thumbnail.ts';
import { getOfficePdfKey, noPreview } from '../../previews/office-pdf.service.ts';
import type { PreviewDeps } from '../../previews/preview-deps.ts';
import { findPreviewVersion, type PreviewVersion } from '../documents/index.ts';
import { storeBytes } from '../../previews/stored-file-access.ts';
import { assertCanReadDocument, type DocumentRow } from '../documents/index.ts';

/** The document's current version, when the user may read the document (the access service decides). */
export async function readableCurrentVersion(
  db: Kysely<Database>,
  user: AuthUser,
  documentId: string,
): Promise<{ document: DocumentRow; version: PreviewVersion }> {
  const document = await assertCanReadDocument(db, user, documentId);
  const version = document.currentVersionId ? await findPreviewVersion(db, document.currentVersionId) : undefined;
  if (!version) throw documentVersionNotFound('unpublished');
  return { document, version };
}

/** Icon keys per storage (tests run several apps in one process, each with its own storage). */
const iconKeysByStorage = new WeakMap<PreviewDeps['storage'], Map<string, Promise<string>>>();

/**
 * The storage key of the version's thumbnail; while its job has not run, the type icon (stored
 * once per type and extension) and `ready: false`, so the answer is not cached.
 */
export async function thumbnailKeyOf(deps: PreviewDeps, version: PreviewVersion): Promise<{ key: string; ready: boolean }> {
  if (version.thumbnailKey) return { key: version.thumbnailKey, ready: true };
  const kind: PreviewKind = previewKindOf(version.fileName);
  const iconId = `${kind}:${version.fileName.split('.').at(-1)?.toLowerCase() ?? ''}`;
  let iconKeys = iconKeysByStorage.get(deps.storage);
  if (!iconKeys) iconKeysByStorage.set(deps.storage, (iconKeys = new Map()));
  let key = iconKeys.get(iconId);
  if (!key) {
    key = typeIconThumbnail(kind, version.fileName).then((png) => storeBytes(deps.storage, png));
    key.catch(() => iconKeys.delete(iconId));
    iconKeys.set(iconId, key);
  }
  return { key: await key, ready: false };
}

/** The stored PDF shown for a version: the file itself for a PDF, the LibreOffice rendition of an Office file. */
export async function previewPdfKeyOf(deps: PreviewDeps, version: PreviewVersion): Promise<string> {
  const kind = previewKindOf(version.fileName);
  if (kind === 'pdf') return version.storageKey;
  if (kind === 'docs') return getOfficePdfKey(deps, version);
  throw noPreview('This document has no PDF preview.');
}

export function assertVideo(version: PreviewVersion): void {
  if (previewKindOf(version.fileName) !== 'video') throw noPreview('This document is not a video.');
}
