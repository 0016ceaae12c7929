import { containing, pseudonymised, pseudonymisedJsonText, type PersonalDataHolder } from '../../platform/personal-data.ts';

/** The imports the person sent from the browser; erased: they name the pseudonym, without the address and browser they came from. */
export const adminImportPersonalData: PersonalDataHolder = {
  owner: 'imports',
  async exportPersonalData(db, person) {
    const rows = await db.selectFrom('admin_imports').select(['id', 'source', 'kind', 'status', 'audit', 'createdBy', 'createdAt', 'finishedAt']).where(db.fn('lower', ['createdBy']), '=', person.email).orderBy('createdAt').execute();
    return { imports: rows };
  },
  async erasePersonalData(trx, person, pseudonym) {
    const rows = await trx
      .selectFrom('admin_imports')
      .select(['id', 'createdBy', 'audit'])
      .where((eb) => eb.or([eb(eb.fn('lower', ['createdBy']), '=', person.email), eb(eb.fn('lower', ['audit']), 'like', containing(person.email)), eb('audit', 'like', containing(person.sub))]))
      .execute();
    for (const row of rows) {
      const audit = JSON.parse(pseudonymisedJsonText(row.audit, person, pseudonym) ?? row.audit) as { actor?: { name?: string } | null; address?: unknown; userAgent?: unknown };
      const sentByThem = audit.actor?.name === pseudonym;
      const kept = sentByThem ? { ...audit, address: null, userAgent: null } : audit;
      await trx.updateTable('admin_imports').set({ createdBy: pseudonymised(row.createdBy, person, pseudonym) ?? row.createdBy, audit: JSON.stringify(kept) }).where('id', '=', row.id).execute();
    }
    return rows.length;
  },
};
