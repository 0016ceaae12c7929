import type { UnitFileUrl } from '@portal/contracts/units';
import type { AuthUser } from '@portal/contracts/users';
import { mayDownload } from '../../platform/access/index.ts';
import { documentVersionNotFound } from '../../platform/content-kinds/not-found.ts';
import type { FileUrls } from '../../platform/delivery/file-urls.plugin.ts';
import { forbidden } from '../../platform/errors.ts';
import type { AuditContext } from '../audit/index.ts';
import { readerFileName } from '../documents/index.ts';
import { recordDownload, type DownloadRecorderDeps } from '../downloads/index.ts';
import { unitDocuments, type PassportDocument } from './unit-documents.ts';
import { readableUnit, unitFacts, type UnitDeps } from './unit.service.ts';

export interface UnitFileQuery {
  disposition: 'inline' | 'attachment';
  language: string;
}

/** The listed version with this id and its document, among the unit page's entries. */
function listedVersion(entries: readonly PassportDocument[], versionId: string) {
  for (const entry of entries) {
    const version = [entry.current, entry.atShipment].find((candidate) => candidate?.id === versionId);
    if (version) return { document: entry.document, version };
  }
  return undefined;
}

/**
 * A signed URL of one version that the unit page lists to this user: the current and as-shipped versions
 * of its documents, in any language or in `language` (the declarations' variants). Withdrawn versions the
 * unit relies on are among them while its retention runs, so exactly the people who may see such a unit
 * keep reading them; a unit the user may not see is 404 `unitNotFound`, any other version 404 `versionNotFound`.
 * An attachment is refused (403) for a view-only document and recorded in the download history.
 */
export async function unitFileUrl(
  deps: UnitDeps & DownloadRecorderDeps & { fileUrls: FileUrls },
  user: AuthUser,
  serial: string,
  versionId: string,
  query: UnitFileQuery,
  audit?: AuditContext,
): Promise<UnitFileUrl> {
  const facts = unitFacts(await readableUnit(deps.db, user, serial));
  const [listed, inLanguage] = await Promise.all([unitDocuments(deps.db, user, facts), unitDocuments(deps.db, user, facts, query.language)]);
  const found = listedVersion([...listed.applicable, ...listed.own, ...inLanguage.applicable, ...inLanguage.own], versionId);
  if (!found) throw documentVersionNotFound();
  const { document, version } = found;
  if (query.disposition === 'attachment' && !mayDownload(user, document)) throw forbidden('This document cannot be downloaded.');
  const { storageKey, fileName, mediaType } = version;
  const downloadUrl = deps.fileUrls.sign({ storageKey, fileName: readerFileName(document, fileName), mediaType, userSub: user.sub, disposition: query.disposition });
  if (query.disposition === 'attachment') {
    await recordDownload(deps, {
      userSub: user.sub, itemKind: 'document', itemId: document.id, versionId: version.id, versionLabel: version.resourceVersion, fileName, title: document.title,
    }, audit);
  }
  return { downloadUrl };
}
