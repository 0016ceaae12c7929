import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { createUserRepository } from './user.repository.ts';
import { createUserService } from './user.service.ts';

describe.each(await testDialects())('user service on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.destroy());

  const user = { sub: 'svc-1', email: 's@example.com', name: 'S', roles: ['employee' as const], account: null };

  it('writes an unchanged user at most once per interval, and again after it', async () => {
    let now = new Date('2026-11-21T10:00:00.000Z');
    const service = createUserService(createUserRepository(database.db), { touchIntervalMs: 60_000, now: () => now });
    await service.record(user);
    now = new Date('2026-11-21T10:00:30.000Z');
    await service.record(user);
    expect((await service.me(user)).lastSeenAt).toBe('2026-11-21T10:00:00.000Z');
    now = new Date('2026-11-21T10:01:01.000Z');
    await service.record(user);
    expect(await service.me(user)).toMatchObject({ firstSeenAt: '2026-11-21T10:00:00.000Z', lastSeenAt: '2026-11-21T10:01:01.000Z' });
  });

  it('stores a user that the record step missed when the profile is asked for', async () => {
    const service = createUserService(createUserRepository(database.db));
    const missed = { ...user, sub: 'svc-missed' };
    expect(await service.me(missed)).toMatchObject({ sub: 'svc-missed', roles: ['employee'] });
  });
});
