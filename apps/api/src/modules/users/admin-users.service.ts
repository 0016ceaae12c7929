import type { Kysely } from 'kysely';
import type { AdminUser, AdminUserList, AdminUserListQuery, CreateUserValues, DirectorySearch, DirectoryUser, UpdateUserValues } from '@portal/contracts/admin-users';
import type { AuthUser, Role } from '@portal/contracts/users';
import {
  findLocalAccountRecord,
  insertLocalAccount,
  localAccountHasEmail,
  localAccountSubjects,
  searchLocalAccounts,
  updateLocalAccount,
  type LocalAccountRecord,
} from '../../auth/accounts/local-account-store.ts';
import type { CacheBus } from '../../platform/cache-bus/cache-bus.ts';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AuditedUser, ChangeOrigin, PortalEventBus, PortalEvents } from '../../platform/events/index.ts';
import { findAccount, findAccounts } from './account.repository.ts';
import { userOfStoredClaims } from './last-seen-user.ts';
import { findSeenUser, searchSeenUsers, seenUserHasEmail, seenUsersBySub, setSeenUserDisabled, type SeenUserRow } from './user-admin.repository.ts';
import { disabledSubjectsTopic } from './user.service.ts';

/*
 * The console's users: the local accounts of the embedded sign-in (the auth keeps them) and the users seen through
 * the identity provider (this module's `users`), listed together by e-mail. Local accounts are created and changed
 * here (name, roles, account, password); anyone can be disabled. Every change is announced as `user.changed`
 * (one event per kind of change), which the audit records in the same transaction.
 */

export interface AdminUsersDeps {
  db: Kysely<Database>;
  events: PortalEventBus;
  /** Where a disabling is announced, so every process checks the user again at their next request. */
  bus?: Pick<CacheBus, 'publish'>;
  now?: () => Date;
}

/** The deepest row a users list reaches (page × page size): two sorted lists are merged up to there. */
export const usersListDepth = 10_000;

const clock = (deps: { now?: () => Date }) => (deps.now ?? (() => new Date()))().toISOString();

interface Listed {
  sub: string;
  email: string;
  name: string;
  roles: Role[];
  account: string | null;
  source: AdminUser['source'];
  lastSignInAt: string | null;
  createdAt: string | null;
  disabled: boolean;
}

function fromLocal(local: LocalAccountRecord, seen: SeenUserRow | undefined): Listed {
  return { ...local, source: 'local', lastSignInAt: seen?.lastSeenAt ?? null, createdAt: local.createdAt };
}

function fromSeen(row: SeenUserRow): Listed {
  const claims = userOfStoredClaims(row);
  return {
    sub: row.sub,
    email: row.email,
    name: row.name,
    roles: claims?.roles ?? [],
    account: row.account,
    source: 'provider',
    lastSignInAt: row.lastSeenAt,
    createdAt: row.firstSeenAt,
    disabled: row.disabled === 1,
  };
}

async function present(db: Kysely<Database>, users: readonly Listed[]): Promise<AdminUser[]> {
  const names = new Map((await findAccounts(db, users.flatMap((user) => (user.account ? [user.account] : [])))).map((row) => [row.id, row.name]));
  return users.map((user) => ({
    id: user.sub,
    name: user.name,
    email: user.email,
    roles: user.roles,
    account: user.account ? { id: user.account, name: names.get(user.account) ?? user.account } : null,
    source: user.source,
    lastSignInAt: user.lastSignInAt,
    createdAt: user.createdAt,
    disabled: user.disabled,
  }));
}

/** Lower-case e-mail, byte by byte, then subject: the order both lists come in from the databases. */
const before = (a: Pick<Listed, 'email' | 'sub'>, b: Pick<Listed, 'email' | 'sub'>) => {
  const [x, y] = [a.email.toLowerCase(), b.email.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  return a.sub < b.sub ? -1 : a.sub > b.sub ? 1 : 0;
};

/** Two lists sorted by `before`, merged. */
function merged<T extends Pick<Listed, 'email' | 'sub'>>(left: readonly T[], right: readonly T[]): T[] {
  const result: T[] = [];
  let [i, j] = [0, 0];
  while (i < left.length || j < right.length) {
    if (j >= right.length || (i < left.length && before(left[i]!, right[j]!) <= 0)) result.push(left[i++]!);
    else result.push(right[j++]!);
  }
  return result;
}

/** Local accounts and users seen, matching the filter, in e-mail order (each source read only as deep as the page). */
async function listed(db: Kysely<Database>, filter: { q?: string; account?: string; source?: AdminUser['source'] }, depth: number): Promise<{ users: Listed[]; total: number }> {
  const locals = filter.source === 'provider' ? { rows: [], total: 0 } : await searchLocalAccounts(db, filter, depth);
  const seen = filter.source === 'local' ? { rows: [], total: 0 } : await searchSeenUsers(db, filter, localAccountSubjects(db), depth);
  const sightings = new Map((await seenUsersBySub(db, locals.rows.map((row) => row.sub))).map((row) => [row.sub, row]));
  const users = merged(
    locals.rows.map((row) => fromLocal(row, sightings.get(row.sub))),
    seen.rows.map(fromSeen),
  );
  return { users, total: locals.total + seen.total };
}

export async function listAdminUsers(deps: AdminUsersDeps, query: AdminUserListQuery): Promise<AdminUserList> {
  const offset = (query.page - 1) * query.pageSize;
  if (offset + query.pageSize > usersListDepth) {
    throw badRequest('invalidParameters', `The list reaches no further than ${usersListDepth} users: search to narrow it.`, [{ path: 'querystring.page', message: 'is too far' }]);
  }
  const { users, total } = await listed(deps.db, { q: query.q || undefined, account: query.account, source: query.source }, offset + query.pageSize);
  return { items: await present(deps.db, users.slice(offset, offset + query.pageSize)), total };
}

/** The enabled users a picker offers, by e-mail (users without an e-mail cannot be granted anything by it). */
export async function directoryUsers(db: Kysely<Database>, query: DirectorySearch): Promise<DirectoryUser[]> {
  // Disabled users are dropped after reading: read a few more than asked.
  const { users } = await listed(db, { q: query.q || undefined }, query.limit * 2);
  return users
    .filter((user) => !user.disabled && user.email !== '')
    .slice(0, query.limit)
    .map((user) => ({ id: user.sub, name: user.name, email: user.email, account: user.account }));
}

async function findListed(db: Kysely<Database>, sub: string): Promise<Listed | undefined> {
  const [local, seen] = await Promise.all([findLocalAccountRecord(db, sub), findSeenUser(db, sub)]);
  if (local) return fromLocal(local, seen);
  return seen && fromSeen(seen);
}

const userNotFound = () => notFound('notFound', 'There is no user with this id.');

export async function findAdminUser(db: Kysely<Database>, sub: string): Promise<AdminUser> {
  const user = await findListed(db, sub);
  if (!user) throw userNotFound();
  return (await present(db, [user]))[0]!;
}

async function checkAccount(db: Kysely<Database>, account: string | null | undefined): Promise<void> {
  if (!account) return;
  if (!(await findAccount(db, account))) {
    throw badRequest('invalidParameters', `There is no account ${account}: create it on the accounts page first.`, [{ path: 'body.account', message: 'names no account' }]);
  }
}

const audited = (user: Pick<Listed, 'email' | 'name' | 'roles' | 'account' | 'disabled'>): AuditedUser => ({
  email: user.email,
  name: user.name,
  roles: [...user.roles],
  account: user.account,
  disabled: user.disabled,
});

/** A local account with its first password: 409 when a local account or a user seen has the e-mail; audited as `create`. */
export async function createAdminUser(deps: AdminUsersDeps, body: CreateUserValues, origin: ChangeOrigin): Promise<AdminUser> {
  const now = clock(deps);
  const created = await deps.events.transaction(deps.db, async (trx, emit) => {
    if ((await localAccountHasEmail(trx, body.email)) || (await seenUserHasEmail(trx, body.email, localAccountSubjects(trx)))) {
      throw conflict(`A user with the e-mail ${body.email} exists already.`);
    }
    await checkAccount(trx, body.account);
    const local = await insertLocalAccount(trx, body, now);
    await emit('user.changed', { userId: local.sub, action: 'create', before: null, after: audited(local), origin });
    return local;
  });
  return findAdminUser(deps.db, created.sub);
}

type UserChange = PortalEvents['user.changed']['action'];

/** The kinds of change between two states of a user, in the order they are audited. */
function changesOf(previous: AuditedUser, next: AuditedUser, password: boolean): UserChange[] {
  const changes: UserChange[] = [];
  if (previous.name !== next.name) changes.push('edit');
  if (JSON.stringify(previous.roles) !== JSON.stringify(next.roles) || previous.account !== next.account) changes.push('role');
  if (password) changes.push('password');
  if (previous.disabled !== next.disabled) changes.push(next.disabled ? 'disable' : 'enable');
  return changes;
}

/**
 * Changes a user. Name, roles, account and password belong to local accounts (400 for a user of the identity
 * provider, who has them from there); anyone can be disabled or enabled. An admin can neither disable themselves nor
 * give up their own admin role (409). A disabling is announced on the cache bus, so the user's next request is refused.
 */
export async function updateAdminUser(deps: AdminUsersDeps, actor: AuthUser, sub: string, body: UpdateUserValues, origin: ChangeOrigin): Promise<AdminUser> {
  const now = clock(deps);
  const localOnly = (['name', 'roles', 'account', 'password'] as const).filter((field) => body[field] !== undefined);
  if (sub === actor.sub && (body.disabled === true || (body.roles && !body.roles.includes('admin')))) {
    throw conflict('You cannot disable your own account or give up your own admin role.');
  }
  const result = await deps.events.transaction(deps.db, async (trx, emit) => {
    const current = await findListed(trx, sub);
    if (!current) throw userNotFound();
    if (current.source !== 'local' && localOnly.length > 0) {
      throw badRequest(
        'invalidParameters',
        'The name, roles, account and password of this user come from the identity provider: change them there.',
        localOnly.map((field) => ({ path: `body.${field}`, message: 'is set by the identity provider' })),
      );
    }
    await checkAccount(trx, body.account);
    const previous = audited(current);
    const next = audited({
      email: current.email,
      name: body.name ?? current.name,
      roles: body.roles ?? current.roles,
      account: body.account === undefined ? current.account : body.account,
      disabled: body.disabled ?? current.disabled,
    });
    const changes = changesOf(previous, next, body.password !== undefined);
    if (changes.length === 0) return { changes };
    if (current.source === 'local') {
      await updateLocalAccount(trx, sub, { name: body.name, roles: body.roles, account: body.account, disabled: body.disabled, password: body.password }, now);
    } else {
      await setSeenUserDisabled(trx, sub, next.disabled);
    }
    for (const action of changes) await emit('user.changed', { userId: sub, action, before: previous, after: next, origin });
    return { changes };
  });
  if (result.changes.includes('disable')) await deps.bus?.publish(disabledSubjectsTopic);
  return findAdminUser(deps.db, sub);
}
