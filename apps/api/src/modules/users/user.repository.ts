import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import { isLocalAccountDisabled } from '../../auth/accounts/local-account-store.ts';
import type { Database } from '../../platform/db/schema.ts';
import { insertMissingAccounts } from './account.repository.ts';
import { erasedSubjectLookup } from './erased-subject.repository.ts';
import { isSeenUserDisabled } from './user-admin.repository.ts';
import type { UsersTable } from './user.tables.ts';

export type UserRow = Selectable<UsersTable>;

export interface UserRepository {
  /** Inserts the user on first sight; afterwards refreshes the claims and lastSeenAt. */
  upsert(user: AuthUser, seenAt: string): Promise<void>;
  findBySub(sub: string): Promise<UserRow | undefined>;
  /** Whether the subject was erased (docs/security.md, erasure). */
  isErased(sub: string): Promise<boolean>;
  /** Whether an admin disabled the user (their seen row, or their local account). */
  isDisabled(sub: string): Promise<boolean>;
  /** Stores the account a user's token names when it is not stored yet (named by its id until an admin names it). */
  ensureAccount(id: string, kind: 'customer' | 'partner', seenAt: string): Promise<void>;
}

/** The claims a user brought on their latest request (roles still as stored: a JSON array). */
export type StoredClaims = Pick<UserRow, 'sub' | 'email' | 'name' | 'roles' | 'account'>;

export async function findStoredClaims(db: Kysely<Database>, sub: string): Promise<StoredClaims | undefined> {
  return db.selectFrom('users').select(['sub', 'email', 'name', 'roles', 'account']).where('sub', '=', sub).executeTakeFirst();
}

/** The stored claims of the users a subquery names by subject (one column of subjects), ordered by subject. */
export async function storedClaimsIn<From extends keyof Database>(
  db: Kysely<Database>,
  subs: SelectQueryBuilder<Database, From, Record<string, string>>,
): Promise<StoredClaims[]> {
  return db.selectFrom('users').select(['sub', 'email', 'name', 'roles', 'account']).where('sub', 'in', subs).orderBy('sub').execute();
}

/** The subjects of the users last seen under an account, as a subquery (`sub`) for another owner's `in (…)`. */
export function subjectsOfAccount(db: Kysely<Database>, account: string) {
  return db.selectFrom('users').select('sub').where('account', '=', account);
}

/** Users whose stored roles (a JSON array) name `role`, at most `limit` of them. */
export async function storedClaimsWithRole(db: Kysely<Database>, role: string, limit: number): Promise<StoredClaims[]> {
  return db.selectFrom('users').select(['sub', 'email', 'name', 'roles', 'account']).where('roles', 'like', `%${JSON.stringify(role)}%`).orderBy('sub').limit(limit).execute();
}

export function createUserRepository(db: Kysely<Database>): UserRepository {
  return {
    async upsert(user, seenAt) {
      const claims = { email: user.email, name: user.name, roles: JSON.stringify(user.roles), account: user.account };
      await db
        .insertInto('users')
        .values({ id: randomUUID(), sub: user.sub, ...claims, firstSeenAt: seenAt, lastSeenAt: seenAt })
        .onConflict((conflict) => conflict.column('sub').doUpdateSet({ ...claims, lastSeenAt: seenAt }))
        .execute();
    },
    findBySub: (sub) => db.selectFrom('users').selectAll().where('sub', '=', sub).executeTakeFirst(),
    isErased: erasedSubjectLookup(db),
    isDisabled: async (sub) => (await isSeenUserDisabled(db, sub)) || (await isLocalAccountDisabled(db, sub)),
    ensureAccount: (id, kind, seenAt) => insertMissingAccounts(db, [{ id, name: id, kind }], seenAt),
  };
}
