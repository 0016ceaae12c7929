import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';

describe.each(await testDialects())('database on %s', (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
  });
  afterAll(() => handle.destroy());

  it('runs the migrations and round-trips a row', async () => {
    const row = {
      id: 'u1', sub: 'sub-1', email: 'a@example.com', name: 'A', roles: '["customer"]', account: null,
      firstSeenAt: '2026-11-21T00:00:00.000Z', lastSeenAt: '2026-11-21T00:00:00.000Z', disabled: 0,
    };
    await handle.db.insertInto('users').values(row).execute();
    const read = await handle.db.selectFrom('users').selectAll().where('sub', '=', 'sub-1').executeTakeFirstOrThrow();
    expect(read).toEqual(row);
  });

  it('returns rows from INSERT … RETURNING', async () => {
    const inserted = await handle.db
      .insertInto('settings')
      .values({ key: 'k', value: 'v', updatedAt: '2026-11-21T00:00:00.000Z' })
      .returning(['key', 'value'])
      .executeTakeFirstOrThrow();
    expect(inserted).toEqual({ key: 'k', value: 'v' });
  });
});
