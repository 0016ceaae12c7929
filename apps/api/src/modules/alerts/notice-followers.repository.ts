import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { FollowerRow } from './fan-out.repository.ts';

/** The users following a product, as last seen, with their mail preference. */
export async function findProductFollowers(db: Kysely<Database>, productCode: string): Promise<FollowerRow[]> {
  const followers = db.selectFrom('follows').select('userSub').where('kind', '=', 'product').where('itemId', '=', productCode);
  return db
    .selectFrom('users')
    .leftJoin('alert_preferences', 'alert_preferences.userSub', 'users.sub')
    .select(['users.sub', 'users.email', 'users.name', 'users.roles', 'users.account', 'alert_preferences.email as mailFrequency'])
    .where('users.sub', 'in', followers)
    .orderBy('users.sub')
    .execute();
}
