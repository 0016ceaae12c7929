import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { alertJobKinds } from './alert-job-kinds.ts';

/**
 * Tells the followers of a document about a version just published (a new document, or a
 * significant version; the fan-out job decides which). Call it in the transaction that inserts the
 * version: the job exists exactly when the version does.
 */
export async function announcePublication(db: Kysely<Database>, version: { id: string }): Promise<void> {
  await enqueueJob(db, { kind: alertJobKinds.fanOut, payload: { versionId: version.id }, dedupeKey: `${alertJobKinds.fanOut}:${version.id}:published` });
}
