import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Adapter } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../test/test-databases.ts';
import { createDatabaseAdapterFactory, purgeExpiredModels } from './database-adapter.ts';
import { createModelAdapterFactory } from './model-adapter.ts';
import { createRedisAdapterFactory } from './redis-adapter.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour oidc-provider relies on, whatever holds the objects. */
function adapterContract(factory: () => (model: string) => Adapter) {
  it('stores, finds, consumes and destroys an object', async () => {
    const codes = factory()('AuthorizationCode');
    const id = randomUUID();
    await codes.upsert(id, { grantId: 'g1', accountId: 'a1', kind: 'AuthorizationCode' }, 60);
    expect(await codes.find(id)).toEqual({ grantId: 'g1', accountId: 'a1', kind: 'AuthorizationCode' });
    await codes.consume(id);
    const consumed = await codes.find(id);
    expect(consumed?.consumed).toBeGreaterThan(Date.now() / 1000 - 10);
    await codes.destroy(id);
    expect(await codes.find(id)).toBeUndefined();
  });

  it('keeps models apart and finds by uid and by user code', async () => {
    const adapters = factory();
    const id = randomUUID();
    await adapters('Session').upsert(id, { uid: `uid-${id}`, accountId: 'a1' }, 60);
    await adapters('DeviceCode').upsert(id, { userCode: `code-${id}` }, 60);
    expect(await adapters('Session').findByUid(`uid-${id}`)).toMatchObject({ accountId: 'a1' });
    expect(await adapters('Grant').find(id)).toBeUndefined();
    expect(await adapters('DeviceCode').findByUserCode(`code-${id}`)).toEqual({ userCode: `code-${id}` });
  });

  it('revokes every object of a grant, and only of that grant', async () => {
    const tokens = factory()('RefreshToken');
    const [first, second, other] = [randomUUID(), randomUUID(), randomUUID()];
    await tokens.upsert(first, { grantId: 'grant-a' }, 60);
    await tokens.upsert(second, { grantId: 'grant-a' }, 600);
    await tokens.upsert(other, { grantId: 'grant-b' }, 60);
    await tokens.revokeByGrantId('grant-a');
    expect(await tokens.find(first)).toBeUndefined();
    expect(await tokens.find(second)).toBeUndefined();
    expect(await tokens.find(other)).toEqual({ grantId: 'grant-b' });
  });

  it('forgets an object once it expires', async () => {
    const interactions = factory()('Interaction');
    const id = randomUUID();
    await interactions.upsert(id, { uid: `expiring-${id}` }, 1);
    expect(await interactions.find(id)).toBeDefined();
    await sleep(2100);
    expect(await interactions.find(id)).toBeUndefined();
    expect(await interactions.findByUid(`expiring-${id}`)).toBeUndefined();
  });
}

describe.each(await testDialects())('database adapter on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.destroy());

  adapterContract(() => createDatabaseAdapterFactory(database.db));

  it('purges expired rows and keeps live ones', async () => {
    const sessions = createDatabaseAdapterFactory(database.db)('Session');
    await sessions.upsert('old', { accountId: 'x' }, 1);
    await sessions.upsert('live', { accountId: 'y' }, 3600);
    expect(await purgeExpiredModels(database.db, new Date(Date.now() + 5000))).toBeGreaterThanOrEqual(1);
    const ids = (await database.db.selectFrom('oidc_models').select('id').where('model', '=', 'Session').execute()).map((row) => row.id);
    expect(ids).toContain('live');
    expect(ids).not.toContain('old');
  });

  it('serves one process\'s objects to another (two factories, one database)', async () => {
    const id = randomUUID();
    await createDatabaseAdapterFactory(database.db)('Grant').upsert(id, { accountId: 'shared' }, 60);
    expect(await createDatabaseAdapterFactory(database.db)('Grant').find(id)).toEqual({ accountId: 'shared' });
  });
});

describe('redis adapter', () => {
  let redis: Redis;
  const prefix = `test:${randomUUID()}:`;
  beforeAll(() => {
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  adapterContract(() => createRedisAdapterFactory(redis, prefix));

  it('sets an expiry on every key it writes', async () => {
    const codes = createRedisAdapterFactory(redis, prefix)('AuthorizationCode');
    await codes.upsert('ttl', { grantId: 'grant-ttl', uid: 'uid-ttl' }, 120);
    for (const name of [`${prefix}AuthorizationCode:ttl`, `${prefix}AuthorizationCode:grant:grant-ttl`, `${prefix}AuthorizationCode:uid:uid-ttl`]) {
      const ttl = await redis.ttl(name);
      expect(ttl, name).toBeGreaterThan(100);
      expect(ttl, name).toBeLessThanOrEqual(120);
    }
  });
});

describe.each(await testDialects())('model storage with Redis on %s', (dialect) => {
  let database: TestDatabase;
  let redis: Redis;
  const prefix = `test:${randomUUID()}:`;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await database.destroy();
  });

  it('keeps short-lived models in Redis and sessions, grants and refresh tokens in the database', async () => {
    const adapters = createModelAdapterFactory({ db: database.db, redis, redisPrefix: prefix });
    for (const model of ['Interaction', 'AuthorizationCode', 'Session', 'Grant', 'RefreshToken']) await adapters(model).upsert('one', { model }, 60);
    expect((await redis.keys(`${prefix}*`)).sort()).toEqual([`${prefix}AuthorizationCode:one`, `${prefix}Interaction:one`]);
    const rows = await database.db.selectFrom('oidc_models').select('model').orderBy('model').execute();
    expect(rows.map((row) => row.model)).toEqual(['Grant', 'RefreshToken', 'Session']);
  });
});
