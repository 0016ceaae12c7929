import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { containsText, emailOrder } from '../../platform/db/contains-pattern.ts';
import type { Database } from '../../platform/db/schema.ts';

/* The users as last seen, as the console's users page lists them and an admin disables them. */

export interface SeenUserRow {
  sub: string;
  email: string;
  name: string;
  roles: string;
  account: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  disabled: number;
}

export interface SeenUserFilter {
  q?: string;
  account?: string;
}

/** Subjects left out of a list (the local accounts, which the auth lists itself), as a subquery of one column. */
export type SubjectSubquery<From extends keyof Database> = SelectQueryBuilder<Database, From, { sub: string }>;

const columns = ['sub', 'email', 'name', 'roles', 'account', 'firstSeenAt', 'lastSeenAt', 'disabled'] as const;

/** E-mail in lower case, byte by byte: the same order as the local accounts' list, on both databases. */
function filtered<From extends keyof Database>(db: Kysely<Database>, filter: SeenUserFilter, except: SubjectSubquery<From>) {
  let select = db.selectFrom('users').where('sub', 'not in', except);
  if (filter.q) {
    const text = filter.q;
    select = select.where((eb) => eb.or((['name', 'email', 'account'] as const).map((column) => containsText(eb.ref(column), text))));
  }
  if (filter.account) select = select.where('account', '=', filter.account);
  return select;
}

/** The first `limit` users seen (but the `except` subjects) matching the filter, in e-mail order, and how many match. */
export async function searchSeenUsers<From extends keyof Database>(
  db: Kysely<Database>,
  filter: SeenUserFilter,
  except: SubjectSubquery<From>,
  limit: number,
): Promise<{ rows: SeenUserRow[]; total: number }> {
  const select = filtered(db, filter, except);
  const [rows, count] = await Promise.all([
    select.select(columns).orderBy(emailOrder(db)).orderBy('sub').limit(limit).execute(),
    select.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The users seen among these subjects. */
export async function seenUsersBySub(db: Kysely<Database>, subs: readonly string[]): Promise<SeenUserRow[]> {
  if (subs.length === 0) return [];
  return db.selectFrom('users').select(columns).where('sub', 'in', [...new Set(subs)]).execute();
}

export async function findSeenUser(db: Kysely<Database>, sub: string): Promise<SeenUserRow | undefined> {
  return db.selectFrom('users').select(columns).where('sub', '=', sub).executeTakeFirst();
}

/** Whether a user seen (but the `except` subjects) has this e-mail (any case). */
export async function seenUserHasEmail<From extends keyof Database>(db: Kysely<Database>, email: string, except: SubjectSubquery<From>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('sub')
    .where(sql<SqlBool>`lower(email) = ${email.trim().toLowerCase()}`)
    .where('sub', 'not in', except)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setSeenUserDisabled(trx: Kysely<Database>, sub: string, disabled: boolean): Promise<void> {
  await trx.updateTable('users').set({ disabled: disabled ? 1 : 0 }).where('sub', '=', sub).execute();
}

/** Whether an admin disabled this user (one primary-key read). */
export async function isSeenUserDisabled(db: Kysely<Database>, sub: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('disabled').where('sub', '=', sub).executeTakeFirst();
  return row?.disabled === 1;
}
