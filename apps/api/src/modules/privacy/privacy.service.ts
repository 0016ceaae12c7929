import type { Kysely } from 'kysely';
import type { PersonalData } from '@portal/contracts/privacy';
import type { Database } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { deleteStatisticsBefore, findPerson, personalRows } from './privacy.repository.ts';

const rolesOf = (json: string | undefined): string[] => {
  const roles: unknown = JSON.parse(json ?? '[]');
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
};

/** Everything the portal holds about the person, as one JSON document (404 when the portal knows nobody by that key). */
export async function exportPersonalData(db: Kysely<Database>, idOrEmail: string, now = new Date()): Promise<PersonalData> {
  const person = await findPerson(db, idOrEmail);
  if (!person) throw notFound('userNotFound', 'The portal holds nothing about a user with this id or e-mail.');
  const rows = await personalRows(db, person);
  return {
    exportedAt: now.toISOString(),
    subject: person.sub,
    email: person.email,
    profile: rows.profile ?? null,
    localAccount: rows.localAccount ?? null,
    roles: rolesOf(rows.profile?.roles ?? rows.localAccount?.roles),
    favorites: rows.favorites,
    follows: rows.follows,
    notifications: rows.notifications,
    preferences: rows.preferences ?? null,
    downloads: rows.downloads,
    accessGrants: rows.accessGrants,
    auditEntries: rows.auditEntries,
  };
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

/** The daily job: statistics older than the retention go, and tomorrow's run is queued. */
export async function runStatisticsRetention(db: Kysely<Database>, months: number, now = new Date()): Promise<{ views: number; downloads: number }> {
  const removed = await deleteStatisticsBefore(db, retentionCutoff(now, months));
  const next = Math.floor(now.getTime() / day) * day + day;
  await enqueueJob(db, { kind: statisticsRetentionJob, payload: null, dedupeKey: `${statisticsRetentionJob}:${daySlot(next)}`, runAfter: new Date(next) });
  return removed;
}
