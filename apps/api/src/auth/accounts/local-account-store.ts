import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { roleSchema, type Role } from '@portal/contracts/users';
import { containsText, emailOrder } from '../../platform/db/contains-pattern.ts';
import type { Database } from '../../platform/db/schema.ts';
import { hashPassword } from './password-hash.ts';

/*
 * The local accounts of the embedded sign-in as the console's users page reads and changes them (the users module
 * composes them with the users seen through the identity provider). These functions write no audit entry: the
 * caller runs them in its transaction and announces the change as an event, which the audit records.
 */

export interface LocalAccountRecord {
  sub: string;
  email: string;
  name: string;
  roles: Role[];
  account: string | null;
  disabled: boolean;
  createdAt: string;
}

export interface LocalAccountFilter {
  /** Found in the name, e-mail or account (any case). */
  q?: string;
  account?: string;
}

const columns = ['sub', 'email', 'name', 'roles', 'account', 'disabled', 'createdAt'] as const;

function recordOf(row: { sub: string; email: string; name: string; roles: string; account: string | null; disabled: number; createdAt: string }): LocalAccountRecord {
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.roles);
  } catch {
    parsed = [];
  }
  const roles = (Array.isArray(parsed) ? parsed : []).filter((role): role is Role => roleSchema.safeParse(role).success);
  return { sub: row.sub, email: row.email, name: row.name, roles, account: row.account, disabled: row.disabled === 1, createdAt: row.createdAt };
}

/** The order lists of users share (e-mail in lower case, byte by byte, then subject), the same on both databases. */
function filtered(db: Kysely<Database>, filter: LocalAccountFilter) {
  let select = db.selectFrom('local_accounts');
  if (filter.q) {
    const text = filter.q;
    select = select.where((eb) => eb.or((['name', 'email', 'account'] as const).map((column) => containsText(eb.ref(column), text))));
  }
  if (filter.account) select = select.where('account', '=', filter.account);
  return select;
}

/** The subjects of every local account, as a subquery (`sub`) for the users module's `not in (…)`. */
export function localAccountSubjects(db: Kysely<Database>) {
  return db.selectFrom('local_accounts').select('sub');
}

/** The first `limit` local accounts matching the filter in e-mail order, and how many match. */
export async function searchLocalAccounts(db: Kysely<Database>, filter: LocalAccountFilter, limit: number): Promise<{ rows: LocalAccountRecord[]; total: number }> {
  const select = filtered(db, filter);
  const [rows, count] = await Promise.all([
    select.select(columns).orderBy(emailOrder(db)).orderBy('sub').limit(limit).execute(),
    select.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(recordOf), total: Number(count.total) };
}

/** Name and e-mail of the local accounts among `subjects`, by subject: one query. */
export async function localAccountNames(db: Kysely<Database>, subjects: readonly string[]): Promise<Map<string, { name: string; email: string }>> {
  if (subjects.length === 0) return new Map();
  const rows = await db.selectFrom('local_accounts').select(['sub', 'name', 'email']).where('sub', 'in', [...subjects]).execute();
  return new Map(rows.map((row) => [row.sub, { name: row.name, email: row.email }]));
}

export async function findLocalAccountRecord(db: Kysely<Database>, sub: string): Promise<LocalAccountRecord | undefined> {
  const row = await db.selectFrom('local_accounts').select(columns).where('sub', '=', sub).executeTakeFirst();
  return row && recordOf(row);
}

/** Whether a local account has this e-mail (any case). */
export async function localAccountHasEmail(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db.selectFrom('local_accounts').select('sub').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

/** Whether the subject is a disabled local account (one primary-key read). */
export async function isLocalAccountDisabled(db: Kysely<Database>, sub: string): Promise<boolean> {
  const row = await db.selectFrom('local_accounts').select('disabled').where('sub', '=', sub).executeTakeFirst();
  return row?.disabled === 1;
}

export interface NewLocalAccountRecord {
  email: string;
  name: string;
  roles: Role[];
  account: string | null;
  password: string;
}

/** Inserts a local account (the e-mail in lower case, the password as its scrypt hash only). */
export async function insertLocalAccount(trx: Kysely<Database>, input: NewLocalAccountRecord, now: string): Promise<LocalAccountRecord> {
  const row = {
    sub: `local-${randomUUID()}`,
    email: input.email.trim().toLowerCase(),
    name: input.name.trim(),
    passwordHash: await hashPassword(input.password),
    roles: JSON.stringify([...new Set(input.roles)]),
    account: input.account,
    disabled: 0,
    createdAt: now,
    updatedAt: now,
  };
  await trx.insertInto('local_accounts').values(row).execute();
  return recordOf(row);
}

export interface LocalAccountChange {
  name?: string;
  roles?: Role[];
  account?: string | null;
  disabled?: boolean;
  password?: string;
}

/** Changes a local account; answers it as it is afterwards (undefined when there is none). */
export async function updateLocalAccount(trx: Kysely<Database>, sub: string, change: LocalAccountChange, now: string): Promise<LocalAccountRecord | undefined> {
  await trx
    .updateTable('local_accounts')
    .set({
      ...(change.name !== undefined ? { name: change.name.trim() } : {}),
      ...(change.roles !== undefined ? { roles: JSON.stringify([...new Set(change.roles)]) } : {}),
      ...(change.account !== undefined ? { account: change.account } : {}),
      ...(change.disabled !== undefined ? { disabled: change.disabled ? 1 : 0 } : {}),
      ...(change.password !== undefined ? { passwordHash: await hashPassword(change.password) } : {}),
      updatedAt: now,
    })
    .where('sub', '=', sub)
    .execute();
  return findLocalAccountRecord(trx, sub);
}
