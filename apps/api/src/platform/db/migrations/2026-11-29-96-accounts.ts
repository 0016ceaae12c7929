import type { Kysely } from 'kysely';

/*
 * Accounts (users module): the customer and partner companies that users, units and grants name by id, and the
 * partners serving each customer; users get a `disabled` flag (a user of the identity provider the admin locked
 * out; local accounts keep theirs in local_accounts). The accounts already named somewhere become rows (named by
 * their id until an admin names them): users' and local accounts' claims (a partner's role makes a partner
 * account), units' owners, and the partners a unit's grants add to its owner (they serve that customer).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_kind').on('accounts').columns(['kind', 'id']).execute();
  await db.schema
    .createTable('account_partners')
    .addColumn('customerId', 'text', (c) => c.notNull())
    .addColumn('partnerId', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_partners_pk', ['customerId', 'partnerId'])
    .execute();
  await db.schema.createIndex('account_partners_partner').on('account_partners').columns(['partnerId', 'customerId']).execute();
  await db.schema.alterTable('users').addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  const now = new Date().toISOString();
  const kinds = new Map<string, 'customer' | 'partner'>();
  const name = (id: string | null, kind: 'customer' | 'partner') => {
    const trimmed = id?.trim();
    if (!trimmed || trimmed.length > 64) return;
    // A partner's role wins: a customer account seen only as a customer stays one.
    if (kinds.get(trimmed) !== 'partner') kinds.set(trimmed, kind);
  };
  const claims = [
    ...(await db.selectFrom('users').select(['account', 'roles']).where('account', 'is not', null).execute()),
    ...(await db.selectFrom('local_accounts').select(['account', 'roles']).where('account', 'is not', null).execute()),
  ] as Array<{ account: string | null; roles: string }>;
  for (const row of claims) name(row.account, row.roles.includes('"partner"') ? 'partner' : 'customer');
  const units = (await db.selectFrom('units').select(['id', 'account']).execute()) as Array<{ id: string; account: string }>;
  for (const unit of units) if (!kinds.has(unit.account.trim())) name(unit.account, 'customer');
  const grants = (await db.selectFrom('unit_access').select(['unitId', 'value']).where('kind', '=', 'account').execute()) as Array<{ unitId: string; value: string }>;
  const ownerOf = new Map(units.map((unit) => [unit.id, unit.account.trim()]));
  const serving = new Set<string>();
  for (const grant of grants) {
    const owner = ownerOf.get(grant.unitId);
    const partner = grant.value.trim();
    if (!owner || partner === owner || !partner || partner.length > 64) continue;
    kinds.set(partner, 'partner');
    serving.add(JSON.stringify([owner, partner]));
  }
  const rows = [...kinds].map(([id, kind]) => ({ id, name: id, kind, createdAt: now, updatedAt: now }));
  for (let start = 0; start < rows.length; start += 200) await db.insertInto('accounts').values(rows.slice(start, start + 200)).execute();
  const pairs = [...serving]
    .map((pair) => JSON.parse(pair) as [string, string])
    .filter(([customer, partner]) => kinds.get(customer) === 'customer' && kinds.get(partner) === 'partner')
    .map(([customerId, partnerId]) => ({ customerId, partnerId, createdAt: now }));
  for (let start = 0; start < pairs.length; start += 200) await db.insertInto('account_partners').values(pairs.slice(start, start + 200)).execute();
}
