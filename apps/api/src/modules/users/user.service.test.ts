import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { createLocalCacheBus } from '../../platform/cache-bus/cache-bus.ts';
import { recordErasedSubject } from './erased-subject.repository.ts';
import { createUserRepository } from './user.repository.ts';
import { createUserService, erasedSubjectsTopic } from './user.service.ts';

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

  it('refuses an erased subject before writing: at once where the erasure is announced, else at the next write', async () => {
    let now = new Date('2026-11-21T10:00:00.000Z');
    const bus = createLocalCacheBus();
    const told = createUserService(createUserRepository(database.db), { bus, now: () => now });
    const untold = createUserService(createUserRepository(database.db), { now: () => now });
    const erased = { ...user, sub: 'svc-erased' };
    await told.record(erased);
    await untold.record(erased);
    await database.db.deleteFrom('users').where('sub', '=', erased.sub).execute();
    await recordErasedSubject(database.db, erased.sub, now.toISOString());
    await bus.publish(erasedSubjectsTopic);
    await expect(told.record(erased)).rejects.toMatchObject({ statusCode: 401, code: 'accountErased' });
    // Not told: its recent entry lets the call through without a write, and any write is refused.
    await untold.record(erased);
    await expect(untold.me(erased)).rejects.toMatchObject({ code: 'accountErased' });
    now = new Date('2026-11-21T10:01:01.000Z');
    await expect(untold.record(erased)).rejects.toMatchObject({ code: 'accountErased' });
    expect(await database.db.selectFrom('users').select('sub').where('sub', '=', erased.sub).execute()).toEqual([]);
    await told.record(user);
  });
});
