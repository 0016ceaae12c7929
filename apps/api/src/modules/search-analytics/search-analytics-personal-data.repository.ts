import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { PersonalDataHolder } from '../../platform/personal-data.ts';
import { documentTitles } from '../documents/index.ts';
import { userKeyMaker } from './search-intents.ts';

/** The most searches (the newest) and the most opens and downloads after them (the newest) one export lists. */
export const exportedSearchesMax = 10_000;

/** The person's recorded searches, newest first, each with what they opened and downloaded after it. */
async function exportedSearches(db: Kysely<Database>, userKey: string) {
  const newest = db.selectFrom('search_intents').select('id').where('userKey', '=', userKey).orderBy('lastAt', 'desc').orderBy('id').limit(exportedSearchesMax);
  const intents = await db
    .selectFrom('search_intents')
    .select(['id', 'day', 'query', 'facets', 'locale', 'account', 'resultCount', 'noResultReason', 'searches', 'opens', 'downloads'])
    .where('userKey', '=', userKey)
    .orderBy('lastAt', 'desc')
    .orderBy('id')
    .limit(exportedSearchesMax)
    .execute();
  if (intents.length === 0) return [];
  const actions = await db
    .selectFrom('search_intent_actions as action')
    .leftJoin(documentTitles(db).as('titled'), 'titled.id', 'action.documentId')
    .select(['action.intentId', 'action.kind', 'action.documentId', 'titled.title', 'action.position', 'action.at'])
    .where('action.intentId', 'in', newest)
    .orderBy('action.at', 'desc')
    .limit(exportedSearchesMax)
    .execute();
  const opened = new Map<string, Array<Omit<(typeof actions)[number], 'intentId'>>>();
  for (const { intentId, ...action } of actions) {
    const list = opened.get(intentId);
    if (list) list.push(action);
    else opened.set(intentId, [action]);
  }
  return intents.map(({ id, facets, ...intent }) => ({ ...intent, facets: JSON.parse(facets) as unknown, opened: opened.get(id) ?? [] }));
}

/**
 * A person's recorded searches: stored under a keyed hash of their subject, never their name or e-mail, yet still
 * theirs: the export lists them (the newest `exportedSearchesMax`, with what followed each). Erased: every intent
 * of theirs goes, with what followed it, so their queries no longer count anywhere.
 */
export const searchAnalyticsPersonalData: PersonalDataHolder = {
  owner: 'search-analytics',
  async exportPersonalData(db, person) {
    return { searches: await exportedSearches(db, (await userKeyMaker(db))(person.sub)) };
  },
  async erasePersonalData(trx, person) {
    const userKey = (await userKeyMaker(trx))(person.sub);
    const intents = trx.selectFrom('search_intents').select('id').where('userKey', '=', userKey);
    await trx.deleteFrom('search_intent_actions').where('intentId', 'in', intents).execute();
    await trx.deleteFrom('search_intent_shown').where('intentId', 'in', intents).execute();
    const removed = await trx.deleteFrom('search_intents').where('userKey', '=', userKey).executeTakeFirst();
    await trx.deleteFrom('search_intent_readers').where('userKey', '=', userKey).execute();
    await trx.deleteFrom('search_intent_reader_values').where('userKey', '=', userKey).execute();
    return Number(removed.numDeletedRows);
  },
};
