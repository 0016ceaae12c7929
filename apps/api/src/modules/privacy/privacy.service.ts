import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PersonalData, UserErasure } from '@portal/contracts/privacy';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import type { PersonalDataSections } from '../../platform/personal-data.ts';
import { eraseFromAuditLog, type AuditContext } from '../audit/index.ts';
import { deleteDownloadsBefore } from '../downloads/index.ts';
import { deleteViewsBefore } from '../statistics/index.ts';
import { exportingHolders, findPerson, personalDataHolders } from './personal-data-holders.ts';

const rolesOf = (json: unknown): string[] => {
  const roles: unknown = typeof json === 'string' ? JSON.parse(json) : [];
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
};

const noPerson = () => notFound('userNotFound', 'The portal holds nothing about a user with this id or e-mail.');

/** Everything the portal holds about the person, as one JSON document (404 when the portal knows nobody by that key). */
export async function exportPersonalData(db: Kysely<Database>, idOrEmail: string, now = new Date()): Promise<PersonalData> {
  const person = await findPerson(db, idOrEmail);
  if (!person) throw noPerson();
  const sections: Required<PersonalDataSections> = {
    profile: null, localAccount: null, favorites: [], follows: [], notifications: [], preferences: null, downloads: [], accessGrants: [], auditEntries: [], paperRequests: [], feedback: [], imports: [], searches: [],
  };
  for (const holder of exportingHolders) {
    for (const [key, value] of Object.entries(await holder.exportPersonalData(db, person)) as [keyof PersonalDataSections, unknown][]) {
      const current = sections[key];
      (sections as Record<string, unknown>)[key] = Array.isArray(current) && Array.isArray(value) ? [...current, ...value] : value;
    }
  }
  return {
    exportedAt: now.toISOString(),
    subject: person.sub,
    email: person.email,
    roles: rolesOf(sections.profile?.roles ?? sections.localAccount?.roles),
    ...sections,
  };
}

/** What replaces a person everywhere: never an e-mail, and random (nothing leads back to them). */
const newPseudonym = () => `erased-${randomBytes(6).toString('hex')}`;
const isPseudonym = (value: string) => /^erased-[0-9a-f]{12}$/.test(value);

/**
 * Erases a person in one transaction: every owner replaces their personal fields by a pseudonym or removes
 * their rows (sessions, credentials, follows …; the local account stays disabled under the pseudonym, what
 * they published stays with the pseudonym in the audit log), then the audit log is rewritten and the erasure
 * recorded by `context` (docs/security.md, erasure). `confirm` must repeat the person's e-mail.
 */
export async function eraseUser(db: Kysely<Database>, context: AuditContext, idOrEmail: string, confirm: string, now = new Date()): Promise<UserErasure> {
  return db.transaction().execute(async (trx) => {
    const person = await findPerson(trx, idOrEmail);
    if (!person) throw noPerson();
    if (isPseudonym(person.sub) && person.email === person.sub) throw conflict('This user is erased already.', 'alreadyErased');
    if (confirm.trim().toLowerCase() !== person.email) throw badRequest('confirmationMismatch', 'Confirm with the user’s e-mail address, as stored.');
    if (context.actor?.sub === person.sub) throw conflict('An admin cannot erase their own account; ask another admin.', 'cannotEraseSelf');
    const pseudonym = newPseudonym();
    const rows: Record<string, number> = {};
    for (const holder of personalDataHolders) rows[holder.owner] = await holder.erasePersonalData(trx, person, pseudonym);
    const auditEntries = await eraseFromAuditLog(trx, context, { person, pseudonym, rows });
    return { pseudonym, erasedAt: now.toISOString(), rows, auditEntries };
  });
}

export const statisticsRetentionJob = 'privacy.statistics-retention';
const day = 24 * 60 * 60_000;
const daySlot = (time: number) => new Date(Math.floor(time / day) * day).toISOString();

/** The first day of the month `months` before `now` (UTC): statistics before it are past their retention. */
export function retentionCutoff(now: Date, months: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString();
}

/** Queues today's retention run (once per day, whichever process queues it). */
export async function scheduleStatisticsRetention(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await enqueueJob(db, { kind: statisticsRetentionJob, payload: null, dedupeKey: `${statisticsRetentionJob}:${daySlot(now)}` });
}

/** The daily job: statistics older than the retention go (document views by day, download records), and tomorrow's run is queued. */
export async function runStatisticsRetention(db: Kysely<Database>, months: number, now = new Date()): Promise<{ views: number; downloads: number }> {
  const cutoff = retentionCutoff(now, months);
  const removed = { views: await deleteViewsBefore(db, cutoff.slice(0, 10)), downloads: await deleteDownloadsBefore(db, cutoff) };
  const next = Math.floor(now.getTime() / day) * day + day;
  await enqueueJob(db, { kind: statisticsRetentionJob, payload: null, dedupeKey: `${statisticsRetentionJob}:${daySlot(next)}`, runAfter: new Date(next) });
  return removed;
}
