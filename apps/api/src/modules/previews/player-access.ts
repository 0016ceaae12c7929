import type { Kysely } from 'kysely';
import { authUserSchema, type AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { assertCanReadVersion } from '../documents/index.ts';

/** The user a player link was handed to, with the roles and account of their latest request. */
async function lastSeenUser(db: Kysely<Database>, sub: string): Promise<AuthUser | undefined> {
  const row = await db.selectFrom('users').select(['sub', 'email', 'name', 'roles', 'account']).where('sub', '=', sub).executeTakeFirst();
  if (!row) return undefined;
  let roles: unknown;
  try {
    roles = JSON.parse(row.roles);
  } catch {
    return undefined;
  }
  const user = authUserSchema.safeParse({ ...row, roles });
  return user.success ? user.data : undefined;
}

/**
 * Whether the user a video link names may watch it now: some document version holding these bytes
 * is one the access service lets them read today (published, in their audience). The player asks
 * before every renewal, so a link stops working when the document is unpublished or the user loses access.
 */
export async function mayStillWatch(db: Kysely<Database>, userSub: string, storageKey: string): Promise<boolean> {
  const user = await lastSeenUser(db, userSub);
  if (!user) return false;
  const versions = await db.selectFrom('document_versions').select('id').where('storageKey', '=', storageKey).execute();
  for (const { id } of versions) {
    try {
      await assertCanReadVersion(db, user, id);
      return true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return false;
}
