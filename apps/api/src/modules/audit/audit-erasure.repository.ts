import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { containing, type Person } from '../../platform/personal-data.ts';
import type { AuditEntriesTable } from './audit.tables.ts';

/** The entries the person made (as actor), oldest first: the audit part of the personal-data export. */
export async function entriesMadeBy(db: Kysely<Database>, person: Person) {
  return db
    .selectFrom('audit_entries')
    .selectAll()
    .where((eb) => eb.or([eb('actorSub', '=', person.sub), eb('actor', '=', person.email)]))
    .orderBy('seq')
    .execute();
}

/**
 * Every entry that may name the person: as actor, as the object, or anywhere in before and after (the e-mail and
 * name in any case; subject and user id as whole JSON strings). A wider set than needed: the caller checks each.
 */
export async function entriesNaming(trx: Kysely<Database>, person: Person): Promise<AuditEntriesTable[]> {
  const wholeValues = [person.sub, person.userId].filter((value): value is string => !!value).map((value) => containing(JSON.stringify(value)));
  const lowerMentions = [person.email, person.name.trim().toLowerCase()].filter((value) => value.length >= 3).map(containing);
  return trx
    .selectFrom('audit_entries')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('actorSub', '=', person.sub),
        eb(eb.fn('lower', ['actor']), '=', person.email),
        eb('objectId', 'in', [person.sub, ...(person.userId ? [person.userId] : [])]),
        eb(eb.fn('lower', ['objectId']), 'like', containing(person.email)),
        ...(['before', 'after'] as const).flatMap((column) => [
          ...lowerMentions.map((pattern) => eb(eb.fn('lower', [column]), 'like', pattern)),
          ...wholeValues.map((pattern) => eb(column, 'like', pattern)),
        ]),
      ]),
    )
    .orderBy('seq')
    .execute();
}

export type ErasedFields = Pick<AuditEntriesTable, 'actor' | 'actorSub' | 'objectId' | 'before' | 'after' | 'address' | 'userAgent' | 'personalSalt'>;

export async function rewriteEntry(trx: Kysely<Database>, seq: number, fields: ErasedFields): Promise<void> {
  await trx.updateTable('audit_entries').set(fields).where('seq', '=', seq).execute();
}

/** The `erase` entries between the anchor and the head that still have their salt (their content verifies), with their details. */
export async function erasureRecords(db: Kysely<Database>, afterSeq: number, throughSeq: number): Promise<{ seq: number; after: string | null }[]> {
  const rows = await db
    .selectFrom('audit_entries')
    .select(['seq', 'after'])
    .where('action', '=', 'erase')
    .where('personalSalt', 'is not', null)
    .where('seq', '>', afterSeq)
    .where('seq', '<=', throughSeq)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({ seq: Number(row.seq), after: row.after }));
}
