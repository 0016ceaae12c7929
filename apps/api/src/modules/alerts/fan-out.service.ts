import { audienceCheck, documentSubject, subjectFacts } from '../../platform/access/index.ts';
import type { AlertDeps } from './alert-deps.ts';
import { findPublication, type Publication } from '../documents/index.ts';
import { findFollowers, followedSearches } from './fan-out.repository.ts';
import { followersAllowed, notifyFollowers } from './notify.ts';
import { searchMatches } from './search-follow.ts';

/** The portal's document link of one version (spec §2: `/DocumentLink/{serviceRef}-{resourceVersion}`). */
export const documentLinkPath = (serviceRef: string, resourceVersion: string) => `/DocumentLink/${encodeURIComponent(`${serviceRef}-${resourceVersion}`)}`;

/** A new version is news when it is the document's first (a new document) or flagged significant; a minor fix notifies nobody. */
function isNews(publication: Publication): boolean {
  return publication.versionStatus === 'published' && (publication.isFirstVersion || publication.significant === 1);
}

/**
 * The `alerts.fanOut` job: in-app notifications for every follower of the document, of one of its
 * products or of a saved search it matches who may see it, and the mails (notify.ts). Idempotent.
 */
export async function fanOutPublication({ db }: Pick<AlertDeps, 'db'>, versionId: string): Promise<number> {
  const publication = await findPublication(db, versionId);
  if (!publication || !isNews(publication)) return 0;
  const searches = (await followedSearches(db)).filter((search) => searchMatches(search, publication));
  const now = new Date().toISOString();
  const facts = subjectFacts(documentSubject, publication);
  // The audience rule compiled once per kind of viewer, checked in memory.
  const followers = await followersAllowed(await findFollowers(db, { ...publication, searches }), async (user) =>
    audienceCheck(user, documentSubject, now)(facts, publication.grants),
  );
  return notifyFollowers(
    db,
    {
      event: publication.isFirstVersion ? 'newDocument' : 'newVersion',
      documentId: publication.documentId,
      versionId,
      title: publication.title,
      versionLabel: publication.resourceVersion,
      changeNote: publication.changeNote,
      link: documentLinkPath(publication.serviceRef, publication.resourceVersion),
    },
    followers,
  );
}
