import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../platform/db/migrations/2026-11-29-96-accounts.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';

/*
 * Migration 2026-11-29-96 on an installation with data: the accounts already named by users, local accounts and
 * units become rows (partners by role or as a unit's extra grant), with the partners serving each customer.
 */
describe.each(await testDialects())('the accounts migration on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.destroy());

  it('names every account the data already uses, and who serves whom', async () => {
    const { db } = database;
    // Back to the schema before the migration, with the data of a running installation.
    await db.schema.dropTable('account_partners').execute();
    await db.schema.dropTable('accounts').execute();
    await db.schema.alterTable('users').dropColumn('disabled').execute();
    const at = '2026-11-01T00:00:00.000Z';
    await sql`insert into users (id, sub, email, name, roles, account, "firstSeenAt", "lastSeenAt") values
      ('u1', 's1', 'c@acme.example', 'C', '["customer"]', 'ACME-001', ${at}, ${at}),
      ('u2', 's2', 'p@partner.example', 'P', '["partner"]', 'PARTNER-01', ${at}, ${at}),
      ('u3', 's3', 'e@maker.example', 'E', '["employee"]', null, ${at}, ${at})`.execute(db);
    await db
      .insertInto('local_accounts')
      .values({ sub: 'local-1', email: 'l@beta.example', name: 'L', passwordHash: '', roles: '["customer"]', account: 'BETA-2', disabled: 0, createdAt: at, updatedAt: at })
      .execute();
    await db.insertInto('products').values({ code: 'ARM6', name: 'Arm', family: 'robots' }).execute();
    await db
      .insertInto('units')
      .values([
        { id: 'unit-1', serialNumber: 'S-1', productCode: 'ARM6', account: 'ACME-001', siteName: null, shippedAt: '2025-01-01', labelledAt: null, createdAt: at, updatedAt: at },
        { id: 'unit-2', serialNumber: 'S-2', productCode: 'ARM6', account: 'GAMMA-3', siteName: null, shippedAt: '2025-01-01', labelledAt: null, createdAt: at, updatedAt: at },
      ])
      .execute();
    await db
      .insertInto('unit_access')
      .values([
        { unitId: 'unit-1', kind: 'account', value: 'ACME-001', expiresAt: null, createdAt: at },
        { unitId: 'unit-1', kind: 'account', value: 'PARTNER-01', expiresAt: null, createdAt: at },
        { unitId: 'unit-2', kind: 'account', value: 'PARTNER-02', expiresAt: null, createdAt: at },
        { unitId: 'unit-2', kind: 'role', value: 'partner', expiresAt: null, createdAt: at },
      ])
      .execute();

    await up(db);

    const accounts = await db.selectFrom('accounts').select(['id', 'name', 'kind']).orderBy('id').execute();
    expect(accounts).toEqual([
      { id: 'ACME-001', name: 'ACME-001', kind: 'customer' },
      { id: 'BETA-2', name: 'BETA-2', kind: 'customer' },
      { id: 'GAMMA-3', name: 'GAMMA-3', kind: 'customer' },
      { id: 'PARTNER-01', name: 'PARTNER-01', kind: 'partner' },
      { id: 'PARTNER-02', name: 'PARTNER-02', kind: 'partner' },
    ]);
    const links = await db.selectFrom('account_partners').select(['customerId', 'partnerId']).orderBy('customerId').execute();
    expect(links).toEqual([
      { customerId: 'ACME-001', partnerId: 'PARTNER-01' },
      { customerId: 'GAMMA-3', partnerId: 'PARTNER-02' },
    ]);
    expect(await db.selectFrom('users').select(['sub', 'disabled']).orderBy('sub').execute()).toEqual([
      { sub: 's1', disabled: 0 },
      { sub: 's2', disabled: 0 },
      { sub: 's3', disabled: 0 },
    ]);
  });
});
