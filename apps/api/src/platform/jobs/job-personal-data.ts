import { containing, type PersonalDataHolder } from '../personal-data.ts';

/**
 * Jobs naming the person by subject or e-mail (a digest is queued per subject): erased, the ones not running
 * go (a running one finds nothing left to do). The export has nothing to show of them.
 */
export const jobPersonalData: PersonalDataHolder = {
  owner: 'jobs',
  exportPersonalData: async () => ({}),
  async erasePersonalData(trx, person) {
    const result = await trx
      .deleteFrom('jobs')
      .where('status', '!=', 'running')
      .where((eb) =>
        eb.or([
          eb('payload', 'like', containing(JSON.stringify(person.sub))),
          eb(eb.fn('lower', ['payload']), 'like', containing(person.email)),
          eb('dedupeKey', 'like', containing(person.sub)),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
