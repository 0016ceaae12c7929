import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import { documentSubject, visibleFilter } from '../../platform/access/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import { visibleSubjects } from '../access/index.ts';
import { findLibrary, visibleLibraries } from '../cad/index.ts';
import { documentPasses, findFollowableDocument } from './follow.repository.ts';
import type { SoftwareRelease } from './release.repository.ts';

/*
 * Who may hear of a software version or a partner library release: the same audience rules as the
 * software and CAD pages, asked when the notification is made and again when it is mailed.
 */

/** An older release added to the history (`previous`) is not news; a beta reaches those its audience lets see it. */
export const isSoftwareNews = (release: Pick<SoftwareRelease, 'status'>) => release.status !== 'previous';

/** Whether the user may see the software item and this version of it. */
export async function softwareReleaseVisible(db: Kysely<Database>, user: AuthUser, release: Pick<SoftwareRelease, 'item' | 'version'>): Promise<boolean> {
  return (
    (await visibleSubjects(db, user, 'software-item', [release.item], (item) => item.id)).length > 0 &&
    (await visibleSubjects(db, user, 'software-version', [release.version], (version) => version.id)).length > 0
  );
}

/** Whether the library exists and the user may see it. */
export async function cadLibraryVisible(db: Kysely<Database>, user: AuthUser, libraryId: string): Promise<boolean> {
  const library = await findLibrary(db, libraryId);
  return library !== undefined && (await visibleLibraries(db, user, [library])).length > 0;
}

/** The title of the version's release notes document when the user may read it, else ''. */
export async function releaseNotesFor(db: Kysely<Database>, user: AuthUser, documentId: string | null): Promise<string> {
  if (!documentId || !(await documentPasses(db, documentId, visibleFilter(user, documentSubject)))) return '';
  return (await findFollowableDocument(db, documentId))?.title ?? '';
}
