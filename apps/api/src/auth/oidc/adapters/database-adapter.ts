import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../../platform/db/schema.ts';

/** How often (at most) one process deletes expired rows while writing. */
const purgeIntervalMs = 10 * 60 * 1000;

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** Deletes every expired provider object; returns how many. */
export async function purgeExpiredModels(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('oidc_models').where('expiresAt', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Stores the provider's objects of one model in the main database, one row per model and id.
 * Expired rows are invisible at once and deleted by the next purge (at most every ten minutes per process).
 */
export function createDatabaseAdapterFactory(db: Kysely<Database>): (model: string) => Adapter {
  let lastPurgeMs = 0;
  const purgeNowAndThen = async () => {
    if (Date.now() - lastPurgeMs < purgeIntervalMs) return;
    lastPurgeMs = Date.now();
    await purgeExpiredModels(db);
  };

  return (model) => {
    const live = () =>
      db
        .selectFrom('oidc_models')
        .select(['payload', 'consumedAt'])
        .where('model', '=', model)
        .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', new Date().toISOString())]));
    const read = (row: { payload: string; consumedAt: string | null } | undefined): AdapterPayload | undefined => {
      if (!row) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: seconds(row.consumedAt) } : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const row = {
          payload: JSON.stringify(payload),
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
        };
        await db
          .insertInto('oidc_models')
          .values({ model, id, ...row, consumedAt: null })
          .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(row))
          .execute();
        await purgeNowAndThen();
      },
      async find(id) {
        return read(await live().where('id', '=', id).executeTakeFirst());
      },
      async findByUid(uid) {
        return read(await live().where('uid', '=', uid).executeTakeFirst());
      },
      async findByUserCode(userCode) {
        return read(await live().where('userCode', '=', userCode).executeTakeFirst());
      },
      async consume(id) {
        await db.updateTable('oidc_models').set({ consumedAt: new Date().toISOString() }).where('model', '=', model).where('id', '=', id).execute();
      },
      async destroy(id) {
        await db.deleteFrom('oidc_models').where('model', '=', model).where('id', '=', id).execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('oidc_models').where('model', '=', model).where('grantId', '=', grantId).execute();
      },
    };
  };
}
