import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { pseudonymised, pseudonymisedJsonText, type Person, type PersonalDataHolder } from '../../platform/personal-data.ts';
import { canonicalJson, type ErasedEntries } from './audit-chain.ts';
import type { AuditContext } from './audit-context.ts';
import { entriesMadeBy, entriesNaming, erasureRecords, rewriteEntry, type ErasedFields } from './audit-erasure.repository.ts';
import type { AuditEntriesTable } from './audit.tables.ts';
import { lockChainHead } from './audit.repository.ts';
import { recordAudit } from './audit.service.ts';

/*
 * Erasure in the audit log (docs/security.md, erasure and the chain). Format 2 entries naming the person get
 * the pseudonym in their personal fields and lose their salt; the stored digest keeps their hash. Format 1
 * entries hash their fields in clear: they get the pseudonym too, keep their stored hash (the chain still
 * links through it), and their content is from then on unverifiable. The `erase` entry lists both kinds;
 * verification accepts a missing salt, or a format-1 content it cannot check, only for entries listed by an
 * `erase` entry written after them whose own content still verifies (it has its salt). When an erasure
 * rewrites an earlier `erase` entry (its admin erased), the new one carries the earlier lists forward.
 */

/** The details of an `erase` entry (its `after`). */
interface ErasureDetails {
  pseudonym: string;
  erasedEntries: number[];
  unverifiableEntries: number[];
  rows: Record<string, number>;
}

const seqList = (value: unknown): number[] => (Array.isArray(value) ? value.filter((seq): seq is number => Number.isSafeInteger(seq)) : []);

function listsOf(after: string | null): Pick<ErasureDetails, 'erasedEntries' | 'unverifiableEntries'> {
  try {
    const details = JSON.parse(after ?? 'null') as Partial<Record<keyof ErasureDetails, unknown>> | null;
    return { erasedEntries: seqList(details?.erasedEntries), unverifiableEntries: seqList(details?.unverifiableEntries) };
  } catch {
    return { erasedEntries: [], unverifiableEntries: [] };
  }
}

/** The entries erasures changed, as listed by the `erase` entries between the anchor and the head that still verify. */
export async function erasedEntriesOf(db: Kysely<Database>, afterSeq: number, throughSeq: number): Promise<ErasedEntries> {
  const unsalted = new Set<number>();
  const unverifiable = new Set<number>();
  for (const record of await erasureRecords(db, afterSeq, throughSeq)) {
    const lists = listsOf(record.after);
    // An erasure vouches only for entries written before it.
    for (const seq of lists.erasedEntries) if (seq < record.seq) unsalted.add(seq);
    for (const seq of lists.unverifiableEntries) if (seq < record.seq) unverifiable.add(seq);
  }
  return { unsalted, unverifiable };
}

/** The entry's personal fields with the person replaced by the pseudonym (address and browser dropped where they acted), or undefined when it does not name them. */
function erasedFields(row: AuditEntriesTable, person: Person, pseudonym: string): ErasedFields | undefined {
  const acted = row.actorSub === person.sub || row.actor?.toLowerCase() === person.email;
  const text = (value: string | null) => (value === null ? null : (pseudonymised(value, person, pseudonym) ?? value));
  const json = (value: string | null) => pseudonymisedJsonText(value, person, pseudonym, canonicalJson) ?? value;
  const fields: ErasedFields = {
    actor: text(row.actor),
    actorSub: text(row.actorSub),
    objectId: text(row.objectId) ?? row.objectId,
    before: json(row.before),
    after: json(row.after),
    address: acted ? null : row.address,
    userAgent: acted ? null : row.userAgent,
    personalSalt: null,
  };
  const changed = (['actor', 'actorSub', 'objectId', 'before', 'after', 'address', 'userAgent'] as const).some((key) => fields[key] !== row[key]);
  return changed ? fields : undefined;
}

/**
 * Replaces the person by the pseudonym in every entry naming them and appends the `erase` entry (by the admin
 * or operator of `context`, about the pseudonym) listing what changed, in the erasure's transaction.
 */
export async function eraseFromAuditLog(
  trx: Kysely<Database>,
  context: AuditContext,
  erasure: { person: Person; pseudonym: string; rows: Record<string, number> },
): Promise<{ erased: number; unverifiable: number }> {
  const { person, pseudonym } = erasure;
  await lockChainHead(trx);
  const erased = new Set<number>();
  const unverifiable = new Set<number>();
  for (const row of await entriesNaming(trx, person)) {
    const fields = erasedFields(row, person, pseudonym);
    if (!fields) continue;
    const seq = Number(row.seq);
    if (row.action === 'erase' && row.personalSalt !== null) {
      const carried = listsOf(row.after);
      carried.erasedEntries.forEach((listed) => erased.add(listed));
      carried.unverifiableEntries.forEach((listed) => unverifiable.add(listed));
    }
    (Number(row.hashFormat ?? 1) === 1 ? unverifiable : erased).add(seq);
    await rewriteEntry(trx, seq, fields);
  }
  const sorted = (seqs: Set<number>) => [...seqs].sort((a, b) => a - b);
  const details: ErasureDetails = { pseudonym, erasedEntries: sorted(erased), unverifiableEntries: sorted(unverifiable), rows: erasure.rows };
  await recordAudit(trx, context, { action: 'erase', object: { kind: 'user', id: pseudonym }, after: details });
  return { erased: erased.size, unverifiable: unverifiable.size };
}

/** The entries the person made, for the export; the audit's erasure is `eraseFromAuditLog`, which also records it. */
export const auditPersonalData: Pick<PersonalDataHolder, 'owner' | 'exportPersonalData'> = {
  owner: 'audit log',
  exportPersonalData: async (db, person) => ({ auditEntries: await entriesMadeBy(db, person) }),
};
