import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { lastSeenUser } from './index.ts';
import { createUserRepository } from './user.repository.ts';

describe.each(await testDialects())('lastSeenUser on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.destroy());

  it('answers the claims of the latest request, refreshed when they change', async () => {
    const repository = createUserRepository(database.db);
    const user = { sub: 'seen-1', email: 's1@example.com', name: 'Seen', roles: ['customer' as const], account: 'A-1' };
    await repository.upsert(user, '2026-01-01T00:00:00.000Z');
    expect(await lastSeenUser(database.db, 'seen-1')).toEqual(user);
    await repository.upsert({ ...user, roles: ['partner'], account: null }, '2026-01-02T00:00:00.000Z');
    expect(await lastSeenUser(database.db, 'seen-1')).toEqual({ ...user, roles: ['partner'], account: null });
  });

  it('knows no user it never saw', async () => {
    expect(await lastSeenUser(database.db, 'never-seen')).toBeUndefined();
  });

  it('refuses stored roles that are not a JSON list of known roles instead of trusting them', async () => {
    const row = { email: 'b@example.com', name: 'Broken', account: null, firstSeenAt: '2026-01-01T00:00:00.000Z', lastSeenAt: '2026-01-01T00:00:00.000Z' };
    await database.db
      .insertInto('users')
      .values([
        { ...row, id: 'broken-json', sub: 'broken-json', roles: '["admin"' },
        { ...row, id: 'unknown-role', sub: 'unknown-role', roles: '["superuser"]' },
      ])
      .execute();
    expect(await lastSeenUser(database.db, 'broken-json')).toBeUndefined();
    expect(await lastSeenUser(database.db, 'unknown-role')).toBeUndefined();
  });
});
