import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Adapter } from 'oidc-provider';
import type { Database } from '../../../platform/db/schema.ts';
import { createDatabaseAdapterFactory } from './database-adapter.ts';
import { createRedisAdapterFactory } from './redis-adapter.ts';

/** Models that live minutes at most: with Redis they go there; sessions, grants and refresh tokens stay in the database. */
const shortLivedModels = new Set([
  'AccessToken', 'AuthorizationCode', 'BackchannelAuthenticationRequest', 'ClientCredentials', 'DeviceCode',
  'Interaction', 'PushedAuthorizationRequest', 'ReplayDetection',
]);

export interface ModelStorage {
  db: Kysely<Database>;
  redis?: Redis;
  /** Prefix of every Redis key (tests use one per test). */
  redisPrefix?: string;
}

/**
 * The provider's storage: every model in the main database, or the short-lived ones in Redis when
 * it is configured. Either is shared by every process, so any process serves any step of a sign-in.
 */
export function createModelAdapterFactory({ db, redis, redisPrefix = 'portal:oidc:' }: ModelStorage): (model: string) => Adapter {
  const inDatabase = createDatabaseAdapterFactory(db);
  const inRedis = redis && createRedisAdapterFactory(redis, redisPrefix);
  return (model) => (inRedis && shortLivedModels.has(model) ? inRedis(model) : inDatabase(model));
}
