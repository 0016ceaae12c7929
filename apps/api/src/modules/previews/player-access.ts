import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { assertCanReadVersion, listVersionIdsHolding } from '../documents/index.ts';
import { lastSeenUser } from '../users/index.ts';

/**
 * Whether the user a video link names may watch it now: some document version holding these bytes
 * is one the access service lets them read today (published, in their audience). The player asks
 * before every renewal, so a link stops working when the document is unpublished or the user loses access.
 */
export async function mayStillWatch(db: Kysely<Database>, userSub: string, storageKey: string): Promise<boolean> {
  const user = await lastSeenUser(db, userSub);
  if (!user) return false;
  for (const id of await listVersionIdsHolding(db, storageKey)) {
    try {
      await assertCanReadVersion(db, user, id);
      return true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return false;
}
