import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, testDialects, testPostgresUrl, type TestDatabase } from '../test/test-databases.ts';
import { signTestToken, testUsers } from '../test/test-app.ts';
import { loadSharedSigningKeys, replacedKeyRetentionMs, rotateSharedSigningKeys } from './signing-keys.ts';

const onPostgres = (await testDialects()).includes('postgres');

describe.runIf(onPostgres)('keys shared through the database (two processes, one PostgreSQL)', () => {
  let database: TestDatabase;
  const dataDirs: string[] = [];
  const apps: FastifyInstance[] = [];

  /** One more API "process": its own empty DATA_DIR, the same database. */
  async function startProcess(): Promise<FastifyInstance> {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-process-'));
    dataDirs.push(dataDir);
    const config = loadConfig({
      DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080', LOG_LEVEL: 'silent', DATABASE_URL: testPostgresUrl, SEED_DEMO: 'false', JOB_CONCURRENCY: '0',
    });
    const app = await buildApp({ config, database });
    await app.ready();
    apps.push(app);
    return app;
  }

  const tokenSignedWith = (key: JWK) =>
    signTestToken(key, { ...testUsers.customer }, { issuer: 'http://localhost:8080/oidc', audience: 'portal-api' });
  const me = (app: FastifyInstance, token: string) =>
    app.inject({ url: '/api/Me', headers: { authorization: `Bearer ${token}` } }).then((response) => response.statusCode);
  const publishedKids = async (app: FastifyInstance) =>
    ((await app.inject({ url: '/oidc/jwks' })).json() as { keys: JWK[] }).keys.map((key) => key.kid);

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.destroy();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('lets two processes starting at once agree on one set of keys', async () => {
    const [first, second] = await Promise.all([loadSharedSigningKeys(database.db), loadSharedSigningKeys(database.db)]);
    expect(first.privateJwks).toEqual(second.privateJwks);
    expect(first.cookieKeys).toEqual(second.cookieKeys);
    expect(first.privateJwks.keys).toHaveLength(1);
  });

  it('has each process accept the tokens and file URLs of the other, with nothing in its DATA_DIR', async () => {
    const [one, two] = [await startProcess(), await startProcess()];
    expect(await publishedKids(one)).toEqual(await publishedKids(two));
    const key = (await loadSharedSigningKeys(database.db)).privateJwks.keys[0]!;
    const token = await tokenSignedWith(key);
    expect(await me(one, token)).toBe(200);
    expect(await me(two, token)).toBe(200);

    const grant = { storageKey: `aa/aa/${'a'.repeat(64)}`, fileName: 'a.pdf', mediaType: 'application/pdf', userSub: 'demo-customer', disposition: 'attachment' as const };
    const token2 = one.fileUrls.sign(grant).split('/')[2]!;
    expect(two.fileUrls.verify(token2)).toMatchObject({ storageKey: grant.storageKey, userSub: 'demo-customer' });
    for (const dir of dataDirs) expect(await readdir(join(dir, 'secrets')).catch(() => [])).toEqual([]);
  });

  it('rotates: a process started after it signs with the new key and still accepts tokens of the old one', async () => {
    const before = (await loadSharedSigningKeys(database.db)).privateJwks.keys[0]!;
    const oldToken = await tokenSignedWith(before);
    const rotation = await rotateSharedSigningKeys(database.db);
    expect(rotation.kept).toEqual([before.kid]);

    const restarted = await startProcess();
    expect(await publishedKids(restarted)).toEqual([rotation.added, before.kid]);
    const after = (await loadSharedSigningKeys(database.db)).privateJwks.keys[0]!;
    expect(after.kid).toBe(rotation.added);
    expect(await me(restarted, oldToken)).toBe(200);
    expect(await me(restarted, await tokenSignedWith(after))).toBe(200);
    // A process started before the rotation reads the keys again for the unknown key id.
    expect(await me(apps[0]!, await tokenSignedWith(after))).toBe(200);
  });
});

describe.each(await testDialects())('key rotation bookkeeping on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.destroy());

  it('keeps a replaced key for a day, then removes it on the next rotation', async () => {
    const original = (await loadSharedSigningKeys(database.db)).privateJwks.keys[0]!.kid;
    const start = Date.now();
    const first = await rotateSharedSigningKeys(database.db, new Date(start));
    const second = await rotateSharedSigningKeys(database.db, new Date(start + 60_000));
    expect(second.kept).toEqual([first.added, original]);
    const third = await rotateSharedSigningKeys(database.db, new Date(start + replacedKeyRetentionMs + 120_000));
    expect(third.kept).toEqual([second.added]);
    expect(third.removed.sort()).toEqual([first.added, original].sort());
    expect((await loadSharedSigningKeys(database.db)).privateJwks.keys.map((key) => key.kid)).toEqual([third.added, second.added]);
  });
});
