import type { Redis } from 'ioredis';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * Stores the provider's objects of one model in Redis with their expiry, keyed
 * `<prefix><model>:<id>`. Lookups by uid or user code and revocation by grant go through index
 * keys that expire with the objects they point to.
 */
export function createRedisAdapterFactory(redis: Redis, prefix: string): (model: string) => Adapter {
  return (model) => {
    const key = (id: string) => `${prefix}${model}:${id}`;
    const grantKey = (grantId: string) => `${prefix}${model}:grant:${grantId}`;
    const uidKey = (uid: string) => `${prefix}${model}:uid:${uid}`;
    const userCodeKey = (userCode: string) => `${prefix}${model}:userCode:${userCode}`;

    const find = async (id: string): Promise<AdapterPayload | undefined> => {
      const [payload, consumed] = await redis.hmget(key(id), 'payload', 'consumed');
      if (!payload) return undefined;
      const parsed = JSON.parse(payload) as AdapterPayload;
      return consumed ? { ...parsed, consumed: Number(consumed) } : parsed;
    };
    const findThrough = async (indexKey: string) => {
      const id = await redis.get(indexKey);
      return id ? find(id) : undefined;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const multi = redis.multi().del(key(id)).hset(key(id), 'payload', JSON.stringify(payload));
        const indexes: Array<[string, string]> = [];
        if (payload.uid) indexes.push([uidKey(payload.uid), id]);
        if (payload.userCode) indexes.push([userCodeKey(payload.userCode), id]);
        for (const [name, value] of indexes) multi.set(name, value);
        if (payload.grantId) multi.sadd(grantKey(payload.grantId), id);
        if (expiresIn) {
          for (const name of [key(id), ...indexes.map(([name]) => name)]) multi.expire(name, expiresIn);
          // The grant index lives as long as its longest-lived member.
          if (payload.grantId) multi.expire(grantKey(payload.grantId), expiresIn, 'GT').expire(grantKey(payload.grantId), expiresIn, 'NX');
        }
        await multi.exec();
      },
      find,
      findByUid: (uid) => findThrough(uidKey(uid)),
      findByUserCode: (userCode) => findThrough(userCodeKey(userCode)),
      async consume(id) {
        // Only an object that still exists is marked; HSET on a missing key would create one without expiry.
        if (await redis.exists(key(id))) await redis.hset(key(id), 'consumed', Math.floor(Date.now() / 1000));
      },
      async destroy(id) {
        await redis.del(key(id));
      },
      async revokeByGrantId(grantId) {
        const ids = await redis.smembers(grantKey(grantId));
        await redis.del(grantKey(grantId), ...ids.map(key));
      },
    };
  };
}
