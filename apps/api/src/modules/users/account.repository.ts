import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { containsPattern, containsText } from '../../platform/db/contains-pattern.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { AccountsTable } from './user.tables.ts';

/* The accounts (customer and partner companies) and the partners serving each customer. */

export type AccountRow = Selectable<AccountsTable>;
export type AccountKindValue = AccountRow['kind'];

export interface AccountFilter {
  /** Found in the id or name (any case). */
  q?: string;
  kind?: AccountKindValue;
}

function filtered(db: Kysely<Database>, filter: AccountFilter) {
  let select = db.selectFrom('accounts');
  if (filter.q) {
    const text = filter.q;
    select = select.where((eb) => eb.or((['id', 'name'] as const).map((column) => containsText(eb.ref(column), text))));
  }
  if (filter.kind) select = select.where('kind', '=', filter.kind);
  return select;
}

/** One page of the accounts matching the filter, by id, and how many match. */
export async function listAccounts(db: Kysely<Database>, filter: AccountFilter, page: { limit: number; offset: number }): Promise<{ rows: AccountRow[]; total: number }> {
  const select = filtered(db, filter);
  const [rows, count] = await Promise.all([
    select.selectAll().orderBy('id').limit(page.limit).offset(page.offset).execute(),
    select.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The accounts a picker offers: the id's matches first (a typed id is found at once), then by id. */
export async function searchAccounts(db: Kysely<Database>, filter: AccountFilter, limit: number): Promise<AccountRow[]> {
  const startsWith = filter.q ? `${containsPattern(filter.q).slice(1)}` : null;
  let select = filtered(db, filter).selectAll();
  if (startsWith) select = select.orderBy(sql`case when lower(id) like ${startsWith} escape '\\' then 0 else 1 end`);
  return select.orderBy('id').limit(limit).execute();
}

export async function findAccount(db: Kysely<Database>, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account whose id is this one in any case (ids differing only in case would be mistaken for each other). */
export async function findAccountAnyCase(db: Kysely<Database>, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where(sql<SqlBool>`lower(id) = ${id.toLowerCase()}`).executeTakeFirst();
}

/** The accounts among `ids` (at most a few hundred: a page of users, a list of partners). */
export async function findAccounts(db: Kysely<Database>, ids: readonly string[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('accounts').selectAll().where('id', 'in', [...new Set(ids)]).execute();
}

/** The serving partners of these customers and the customers of these partners, each with the other's name. */
export async function partnerLinks(
  db: Kysely<Database>,
  accountIds: readonly string[],
): Promise<Array<{ customerId: string; customerName: string; partnerId: string; partnerName: string }>> {
  if (accountIds.length === 0) return [];
  const ids = [...new Set(accountIds)];
  return db
    .selectFrom('account_partners')
    .innerJoin('accounts as customer', 'customer.id', 'account_partners.customerId')
    .innerJoin('accounts as partner', 'partner.id', 'account_partners.partnerId')
    .select(['account_partners.customerId', 'customer.name as customerName', 'account_partners.partnerId', 'partner.name as partnerName'])
    .where((eb) => eb.or([eb('account_partners.customerId', 'in', ids), eb('account_partners.partnerId', 'in', ids)]))
    .orderBy('account_partners.customerId')
    .orderBy('account_partners.partnerId')
    .execute();
}

export async function insertAccount(trx: Kysely<Database>, row: AccountRow): Promise<void> {
  await trx.insertInto('accounts').values(row).execute();
}

export async function updateAccount(trx: Kysely<Database>, id: string, values: Partial<Pick<AccountRow, 'name' | 'kind'>> & { updatedAt: string }): Promise<void> {
  await trx.updateTable('accounts').set(values).where('id', '=', id).execute();
}

/** Replaces the serving partners of a customer. */
export async function replacePartners(trx: Kysely<Database>, customerId: string, partnerIds: readonly string[], now: string): Promise<void> {
  await trx.deleteFrom('account_partners').where('customerId', '=', customerId).execute();
  if (partnerIds.length > 0) await trx.insertInto('account_partners').values(partnerIds.map((partnerId) => ({ customerId, partnerId, createdAt: now }))).execute();
}

/** How many customers a partner serves. */
export async function countCustomersOf(db: Kysely<Database>, partnerId: string): Promise<number> {
  const row = await db.selectFrom('account_partners').select((eb) => eb.fn.countAll<number | string>().as('count')).where('partnerId', '=', partnerId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Adds the accounts not stored yet (the rest are left as they are), and the partner links among them. */
export async function insertMissingAccounts(
  db: Kysely<Database>,
  accounts: ReadonlyArray<{ id: string; name: string; kind: AccountKindValue; partners?: readonly string[] }>,
  now: string,
): Promise<void> {
  if (accounts.length === 0) return;
  await db
    .insertInto('accounts')
    .values(accounts.map(({ id, name, kind }) => ({ id, name, kind, createdAt: now, updatedAt: now })))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const links = accounts.flatMap((account) => (account.partners ?? []).map((partnerId) => ({ customerId: account.id, partnerId, createdAt: now })));
  if (links.length > 0) await db.insertInto('account_partners').values(links).onConflict((conflict) => conflict.columns(['customerId', 'partnerId']).doNothing()).execute();
}
