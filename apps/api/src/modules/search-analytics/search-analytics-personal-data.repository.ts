import type { PersonalDataHolder } from '../../platform/personal-data.ts';
import { userKeyMaker } from './search-intents.ts';

/**
 * A person's recorded searches: stored under a keyed hash of their subject, never their name or e-mail, and not part
 * of the export (the searches say nothing the person does not know). Erased: every intent of theirs goes, with what
 * followed it, so their queries no longer count anywhere.
 */
export const searchAnalyticsPersonalData: PersonalDataHolder = {
  owner: 'search-analytics',
  exportPersonalData: async () => ({}),
  async erasePersonalData(trx, person) {
    const userKey = (await userKeyMaker(trx))(person.sub);
    const intents = trx.selectFrom('search_intents').select('id').where('userKey', '=', userKey);
    await trx.deleteFrom('search_intent_actions').where('intentId', 'in', intents).execute();
    await trx.deleteFrom('search_intent_results').where('intentId', 'in', intents).execute();
    const removed = await trx.deleteFrom('search_intents').where('userKey', '=', userKey).executeTakeFirst();
    return Number(removed.numDeletedRows);
  },
};
