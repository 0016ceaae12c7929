import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadSigningKeys } from '../auth/signing-keys.ts';
import { loadConfig } from '../config.ts';
import { signTestToken } from './test-app.ts';
import { createTestDatabase } from './test-databases.ts';
import type { DialectName } from '../platform/db/database.ts';

/** The Redis tests use; every pair gets key and channel names of its own on it. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface AppPair {
  one: FastifyInstance;
  other: FastifyInstance;
  /** `{ authorization: 'Bearer …' }` accepted by both apps. */
  authHeaders(sub: string, roles?: string[]): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface AppPairOptions {
  /** Builds the second app, e.g. from a fresh copy of the modules, so that no module state is shared as in one process. */
  buildOther?: typeof buildApp;
}

/**
 * Two API instances as two processes behind one balancer would be: one database, one DATA_DIR (so one
 * token works on both), each with its own caches and Redis connections, under a fresh Redis key prefix.
 */
export async function createAppPair(dialect: DialectName, env: Record<string, string> = {}, { buildOther = buildApp }: AppPairOptions = {}): Promise<AppPair> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-pair-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:8080',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JOB_CONCURRENCY: '0',
    REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
    ...env,
  });
  const database = await createTestDatabase(dialect);
  const one = await buildApp({ config, database });
  const other = await buildOther({ config, database });
  await Promise.all([one.ready(), other.ready()]);
  const signingKey = (await loadSigningKeys(config.dataDir)).privateJwks.keys[0]!;
  return {
    one,
    other,
    async authHeaders(sub, roles = []) {
      const token = await signTestToken(signingKey, { sub, email: `${sub}@example.com`, name: sub, roles, account: null }, {
        issuer: config.oidcIssuer,
        audience: config.OIDC_AUDIENCE,
      });
      return { authorization: `Bearer ${token}` };
    },
    async close() {
      await Promise.all([one.close(), other.close()]);
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
