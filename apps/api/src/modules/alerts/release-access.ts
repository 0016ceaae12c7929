import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import { documentSubject, visibleFilter } from '../../platform/access/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import { findLibrary, visibleLibraries } from '../cad/index.ts';
import { documentPasses, findFollowableDocument } from '../documents/index.ts';
import type { SoftwareRelease } from '../software/index.ts';

/*
 * The alerts' access re-checks: who may hear of a document, a software version or a partner library
 * release, asked of the access engine (the same rules as the pages) when the notification is made
 * and again when it is mailed. No rule is stated here.
 */

/** An older release added to the history (`previous`) is not news; a beta reaches those its audience lets see it. */
export const isSoftwareNews = (release: Pick<SoftwareRelease, 'status'>) => release.status !== 'previous';

/** Whether the user may see the document now: the access engine's filter, asked of the stored row. */
export const documentVisible = (db: Kysely<Database>, user: AuthUser, documentId: string): Promise<boolean> =>
  documentPasses(db, documentId, visibleFilter(user, documentSubject));

/** Whether the library exists and the user may see it. */
export async function cadLibraryVisible(db: Kysely<Database>, user: AuthUser, libraryId: string): Promise<boolean> {
  const library = await findLibrary(db, libraryId);
  return library !== undefined && (await visibleLibraries(db, user, [library])).length > 0;
}

/** The title of the version's release notes document when the user may read it, else ''. */
export async function releaseNotesFor(db: Kysely<Database>, user: AuthUser, documentId: string | null): Promise<string> {
  if (!documentId || !(await documentVisible(db, user, documentId))) return '';
  return (await findFollowableDocument(db, documentId))?.title ?? '';
}
