import type { Kysely } from 'kysely';
import type { PortalDocument } from '@portal/contracts/documents';
import type { SoftwareItemResponse, SoftwareItemSummary, SoftwareListQuery, SoftwareListResponse } from '@portal/contracts/software';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { assertCanReadDocument, assertVersionReadable, findReleaseNotes, findVersionById, toPortalDocument, visibleDocumentsFilter } from '../documents/index.ts';
import { presentFileList } from '../../platform/delivery/downloadable-file.ts';
import { softwareItemFields } from './software-item-fields.ts';
import { newestRelease, readableItem, visibleItems, visibleVersionsByItem } from './software-access.ts';
import { listFiles, searchItems, type SoftwareItemRow, type SoftwareVersionRow } from './software.repository.ts';
import { softwareZipPath } from './software-zip.ts';
import { releaseNotesNotFound } from '../../platform/content-kinds/not-found.ts';

function presentSummary(item: SoftwareItemRow, newestFirst: SoftwareVersionRow[]): SoftwareItemSummary {
  const latest = newestRelease(newestFirst);
  return {
    ...softwareItemFields(item),
    latestVersion: latest ? { number: latest.versionNumber, releaseDate: latest.releaseDate, status: latest.status } : null,
  };
}

/** The software list: visible items matching `q`, category facets, one page. */
export async function listSoftware({ db }: { db: Kysely<Database> }, user: AuthUser, query: SoftwareListQuery): Promise<SoftwareListResponse> {
  const matching = await visibleItems(db, user, await searchItems(db, query.q));
  const counts = new Map<string, number>();
  for (const item of matching) counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
  const filtered = query.category ? matching.filter((item) => item.category === query.category) : matching;
  const start = (query.page - 1) * query.pageSize;
  const page = filtered.slice(start, start + query.pageSize);
  const versions = await visibleVersionsByItem(db, user, page.map((item) => item.id));
  return {
    items: page.map((item) => presentSummary(item, versions.get(item.id) ?? [])),
    total: filtered.length,
    page: query.page,
    pageSize: query.pageSize,
    facets: {
      category: [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => a.value.localeCompare(b.value)),
    },
  };
}

/** One software item with the versions the user may see, newest first, their files and release notes. */
export async function getSoftwareItem({ db }: { db: Kysely<Database> }, user: AuthUser, equipmentName: string): Promise<SoftwareItemResponse> {
  const item = await readableItem(db, user, equipmentName);
  const versions = (await visibleVersionsByItem(db, user, [item.id])).get(item.id) ?? [];
  const files = await listFiles(db, versions.map((version) => version.id));
  const notes = await findReleaseNotes(
    db,
    versions.flatMap((version) => version.releaseNotesDocumentId ?? []),
    visibleDocumentsFilter(user),
  );
  return {
    ...presentSummary(item, versions),
    versions: versions.map((version) => ({
      id: version.id,
      number: version.versionNumber,
      releaseDate: version.releaseDate,
      status: version.status,
      ...presentFileList(files.filter((file) => file.versionId === version.id)),
      releaseNotes: (version.releaseNotesDocumentId && notes.get(version.releaseNotesDocumentId)) || null,
      zipPath: softwareZipPath(item.equipmentName, version.versionNumber),
    })),
  };
}

/**
 * The release-notes document of the item's version whose notes file is `fileName`, as the
 * Document of spec §3 (backs the page `software/{equipment}/{filename}`). 404 `documentNotFound`
 * when no visible version has such notes; 403 when the user may not read the document.
 */
export async function getReleaseNotesDocument(
  { db }: { db: Kysely<Database> },
  user: AuthUser,
  equipmentName: string,
  fileName: string,
): Promise<PortalDocument> {
  const item = await readableItem(db, user, equipmentName);
  const versions = (await visibleVersionsByItem(db, user, [item.id])).get(item.id) ?? [];
  // Unfiltered: the document access check below answers 403 for notes the user may not read.
  const notes = await findReleaseNotes(db, versions.flatMap((version) => version.releaseNotesDocumentId ?? []));
  const match = [...notes.values()].find((row) => row.fileName === fileName);
  if (!match) throw releaseNotesNotFound();
  const document = await assertCanReadDocument(db, user, match.documentId);
  const version = assertVersionReadable(user, document.currentVersionId ? await findVersionById(db, document.currentVersionId) : undefined);
  return toPortalDocument(document, version);
}
