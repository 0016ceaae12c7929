import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { storedClaimsIn } from '../users/index.ts';
import type { FollowsTable } from './alert.tables.ts';

/** Every saved search someone follows (distinct queries; few compared to users). */
export async function followedSearches(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('follows').select('itemId').distinct().where('kind', '=', 'search').execute();
  return rows.map((row) => row.itemId);
}

/** A follower as last seen, with their mail preference (null: the defaults). */
export interface FollowerRow {
  sub: string;
  email: string;
  name: string;
  roles: string;
  account: string | null;
  mailFrequency: string | null;
}

/** What is followed: items of one kind (none: nothing to match). */
export interface FollowTarget {
  kind: FollowsTable['kind'];
  itemIds: readonly string[];
}

/**
 * The users following one of the targets, each once, as last seen, with their mail preference: `off`
 * for this news when every matching follow of theirs is set to the portal only.
 */
export async function findFollowersOf(db: Kysely<Database>, targets: readonly FollowTarget[]): Promise<FollowerRow[]> {
  const matching = targets.filter((target) => target.itemIds.length > 0);
  if (matching.length === 0) return [];
  const matchingFollows = () =>
    db
      .selectFrom('follows')
      .select('userSub')
      .distinct()
      .where((eb) => eb.or(matching.map((target) => eb.and([eb('kind', '=', target.kind), eb('itemId', 'in', [...new Set(target.itemIds)])]))));
  const followers = matchingFollows();
  const [users, preferences, mailed] = await Promise.all([
    storedClaimsIn(db, followers),
    db.selectFrom('alert_preferences').select(['userSub', 'email']).where('userSub', 'in', followers).execute(),
    matchingFollows().where('mail', '=', 1).execute(),
  ]);
  const mailFrequency = new Map(preferences.map((row) => [row.userSub, row.email]));
  const wantMail = new Set(mailed.map((row) => row.userSub));
  return users.map((user) => ({ ...user, mailFrequency: wantMail.has(user.sub) ? (mailFrequency.get(user.sub) ?? null) : 'off' }));
}

/** The users following the document, one of its products or one of the searches, each once. */
export async function findFollowers(
  db: Kysely<Database>,
  targets: { documentId: string; productCodes: readonly string[]; searches: readonly string[] },
): Promise<FollowerRow[]> {
  return findFollowersOf(db, [
    { kind: 'document', itemIds: [targets.documentId] },
    { kind: 'product', itemIds: targets.productCodes },
    { kind: 'search', itemIds: targets.searches },
  ]);
}
