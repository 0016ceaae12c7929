import { findLibrary, findLibraryVersionById } from '../cad/index.ts';
import { findSoftwareRelease, jsonList } from '../software/index.ts';
import type { AlertDeps } from './alert-deps.ts';
import { findFollowersOf } from './fan-out.repository.ts';
import { followersAllowed, notifyFollowers, perViewer } from './notify.ts';
import { cadLibraryVisible, isSoftwareNews, releaseNotesFor } from './release-access.ts';
import { softwareVersionVisible } from '../access/index.ts';

/** The web app's pages the notifications open (apps/web/src/app/routes.tsx). */
export const softwarePagePath = (equipmentName: string) => `/software/${encodeURIComponent(equipmentName)}`;
export const partnerLibrariesPath = '/cadFiles/partnersLibraries';

/**
 * The `alerts.fanOutSoftware` job: the followers of the software item and of its compatible
 * products who may see the item and the version are told (a beta only those its audience lets see
 * it), with the title of its release notes when they may read them. Idempotent.
 */
export async function fanOutSoftwareVersion({ db }: Pick<AlertDeps, 'db'>, versionId: string): Promise<number> {
  const release = await findSoftwareRelease(db, versionId);
  if (!release || !isSoftwareNews(release)) return 0;
  const candidates = await findFollowersOf(db, [
    { kind: 'software', itemIds: [release.itemId] },
    { kind: 'product', itemIds: release.compatibleEquipment },
  ]);
  const followers = await followersAllowed(candidates, (user) => softwareVersionVisible(db, user, release));
  const notesFor = perViewer((user) => releaseNotesFor(db, user, release.releaseNotesDocumentId));
  const recipients = [];
  for (const { follower, user } of followers) recipients.push({ follower, changeNote: await notesFor(user) });
  return notifyFollowers(
    db,
    {
      event: 'newSoftwareVersion',
      documentId: release.itemId,
      versionId,
      title: release.name,
      versionLabel: release.versionNumber,
      changeNote: '',
      link: softwarePagePath(release.equipmentName),
    },
    recipients,
  );
}

/** The `alerts.fanOutCad` job: the followers of the partner library and of its products who may see the library are told. Idempotent. */
export async function fanOutCadRelease({ db }: Pick<AlertDeps, 'db'>, versionId: string): Promise<number> {
  const version = await findLibraryVersionById(db, versionId);
  const library = version && (await findLibrary(db, version.libraryId));
  if (!version || !library) return 0;
  const candidates = await findFollowersOf(db, [
    { kind: 'cad-library', itemIds: [library.id] },
    { kind: 'product', itemIds: jsonList(library.productCodes) },
  ]);
  const followers = await followersAllowed(candidates, (user) => cadLibraryVisible(db, user, library.id));
  return notifyFollowers(
    db,
    {
      event: 'newCadRelease',
      documentId: library.id,
      versionId,
      title: library.name,
      versionLabel: version.version,
      changeNote: version.notes,
      link: partnerLibrariesPath,
    },
    followers,
  );
}
