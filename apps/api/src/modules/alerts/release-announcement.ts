import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { alertJobKinds } from './alert-job-kinds.ts';

/**
 * Tells the followers of a software item, of its compatible products and of software in general
 * about a version just written. Call it in the transaction that inserts the version: the job exists
 * exactly when the version does. The fan-out decides who may see it (a beta only reaches those who
 * may see betas; a withdrawn version nobody). A version that later reaches more people (a beta made
 * current, its audience widened) is announced again under another `change`: only the followers not
 * told yet are told, as each is told of a version once.
 */
export async function announceSoftwareVersion(db: Kysely<Database>, version: { id: string }, change = 'published'): Promise<void> {
  await enqueueJob(db, {
    kind: alertJobKinds.fanOutSoftware,
    payload: { versionId: version.id },
    dedupeKey: `${alertJobKinds.fanOutSoftware}:${version.id}:${change}`,
  });
}

/** Tells the followers of a partner CAD library and of its products about a library version just written (same contract as above). */
export async function announceCadLibraryRelease(db: Kysely<Database>, version: { id: string }): Promise<void> {
  await enqueueJob(db, { kind: alertJobKinds.fanOutCad, payload: { versionId: version.id }, dedupeKey: `${alertJobKinds.fanOutCad}:${version.id}` });
}
