import type { Kysely } from 'kysely';
import type {
  AdminAccount,
  AdminAccountList,
  AdminAccountListQuery,
  CreateAccountValues,
  DirectoryAccount,
  DirectorySearch,
  UpdateAccountValues,
} from '@portal/contracts/admin-users';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AuditedAccount, ChangeOrigin, PortalEventBus } from '../../platform/events/index.ts';
import {
  countCustomersOf,
  findAccount,
  findAccountAnyCase,
  findAccounts,
  insertAccount,
  listAccounts,
  partnerLinks,
  replacePartners,
  searchAccounts,
  updateAccount,
  type AccountRow,
} from './account.repository.ts';

/* The accounts (customer and partner companies) of the console: list, create, change; every change audited by event. */

export interface AdminAccountsDeps {
  db: Kysely<Database>;
  events: PortalEventBus;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => (deps.now ?? (() => new Date()))().toISOString();

/** The accounts with their serving partners (customers) and served customers (partners), by two queries. */
async function present(db: Kysely<Database>, rows: readonly AccountRow[]): Promise<AdminAccount[]> {
  const links = await partnerLinks(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    partners: links.filter((link) => link.customerId === row.id).map((link) => ({ id: link.partnerId, name: link.partnerName })),
    customers: links.filter((link) => link.partnerId === row.id).map((link) => ({ id: link.customerId, name: link.customerName })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

const accountNotFound = () => notFound('notFound', 'There is no account with this id.');

export async function listAdminAccounts(deps: AdminAccountsDeps, query: AdminAccountListQuery): Promise<AdminAccountList> {
  const { rows, total } = await listAccounts(deps.db, { q: query.q || undefined, kind: query.kind }, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return { items: await present(deps.db, rows), total };
}

export async function findAdminAccount(deps: AdminAccountsDeps, id: string): Promise<AdminAccount> {
  const row = await findAccount(deps.db, id);
  if (!row) throw accountNotFound();
  return (await present(deps.db, [row]))[0]!;
}

/** The serving partners must be stored partner accounts (400 naming the others). */
async function checkPartners(db: Kysely<Database>, partners: readonly string[]): Promise<void> {
  if (partners.length === 0) return;
  const found = new Map((await findAccounts(db, partners)).map((row) => [row.id, row]));
  const wrong = partners.filter((id) => found.get(id)?.kind !== 'partner');
  if (wrong.length > 0) {
    throw badRequest('invalidParameters', `Not a partner account: ${wrong.join(', ')}.`, [{ path: 'body.partners', message: `names no partner account: ${wrong.join(', ')}` }]);
  }
}

const audited = (row: Pick<AccountRow, 'name' | 'kind'>, partners: readonly string[]): AuditedAccount => ({ name: row.name, kind: row.kind, partners: [...partners].sort() });

/** A new account (409 when the id is taken, in any case); audited as `create`. */
export async function createAdminAccount(deps: AdminAccountsDeps, body: CreateAccountValues, origin: ChangeOrigin): Promise<AdminAccount> {
  const now = clock(deps);
  await deps.events.transaction(deps.db, async (trx, emit) => {
    const taken = await findAccountAnyCase(trx, body.id);
    if (taken) throw conflict(`The account ${taken.id} exists already.`);
    await checkPartners(trx, body.partners);
    await insertAccount(trx, { id: body.id, name: body.name, kind: body.kind, createdAt: now, updatedAt: now });
    await replacePartners(trx, body.id, body.partners, now);
    await emit('account.changed', { accountId: body.id, action: 'create', before: null, after: audited(body, body.partners), origin });
  });
  return findAdminAccount(deps, body.id);
}

/** Name, kind and serving partners of an account; audited as `edit` (nothing when nothing changed). */
export async function updateAdminAccount(deps: AdminAccountsDeps, id: string, body: UpdateAccountValues, origin: ChangeOrigin): Promise<AdminAccount> {
  const now = clock(deps);
  await deps.events.transaction(deps.db, async (trx, emit) => {
    const row = await findAccount(trx, id);
    if (!row) throw accountNotFound();
    const [current] = await present(trx, [row]);
    const partnersBefore = current!.partners.map((partner) => partner.id);
    const kind = body.kind ?? row.kind;
    const partners = body.partners ?? (kind === 'customer' ? partnersBefore : []);
    if (kind === 'partner' && body.partners && body.partners.length > 0) {
      throw badRequest('invalidParameters', 'Only a customer account has serving partners.', [{ path: 'body.partners', message: 'only a customer account has serving partners' }]);
    }
    if (kind === 'customer' && row.kind === 'partner' && (await countCustomersOf(trx, id)) > 0) {
      throw conflict('This partner serves customers: remove it from their partners before making it a customer.');
    }
    if (partners.includes(id)) throw badRequest('invalidParameters', 'An account cannot serve itself.', [{ path: 'body.partners', message: 'names the account itself' }]);
    await checkPartners(trx, partners);
    const before = audited(row, partnersBefore);
    const after = audited({ name: body.name ?? row.name, kind }, partners);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await updateAccount(trx, id, { name: after.name, kind, updatedAt: now });
    await replacePartners(trx, id, partners, now);
    await emit('account.changed', { accountId: id, action: 'edit', before, after, origin });
  });
  return findAdminAccount(deps, id);
}

/** The accounts a picker offers (id or name found, the id's matches first). */
export async function directoryAccounts(db: Kysely<Database>, query: DirectorySearch): Promise<DirectoryAccount[]> {
  const rows = await searchAccounts(db, { q: query.q || undefined, kind: query.kind }, query.limit);
  return rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind }));
}

/** The names of these accounts, by id (those not stored are left out). */
export async function accountNames(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await findAccounts(db, ids)).map((row) => [row.id, row.name]));
}
