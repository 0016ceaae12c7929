import type { Kysely } from 'kysely';
import type { AdminJob, AdminJobListQuery, AdminJobPage, AdminJobRetryAll } from '@portal/contracts/admin-jobs';
import type { Database } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { payloadDocumentId, payloadVersionId, presentAdminJob } from './admin-job.presenter.ts';
import {
  countJobRows,
  findJobRow,
  listJobRows,
  requeueAllFailedJobs,
  requeueFailedJob,
  type ConsoleJobRow,
} from '../../platform/jobs/job-console.repository.ts';
import { documentNames, versionSubjects } from '../documents/index.ts';

export interface AdminJobDeps {
  db: Kysely<Database>;
  /** Starts queued jobs now rather than at the next poll (after the retry has committed). */
  wake: () => void;
}

async function present(db: Kysely<Database>, rows: ConsoleJobRow[]): Promise<AdminJob[]> {
  const versionIds = [...new Set(rows.map(payloadVersionId).filter((id): id is string => id !== null))];
  const documentIds = [...new Set(rows.map(payloadDocumentId).filter((id): id is string => id !== null))];
  const [versions, documents] = await Promise.all([versionSubjects(db, versionIds), documentNames(db, documentIds)]);
  const subjects = new Map(versions.map((subject) => [subject.versionId, subject]));
  return rows.map((row) => presentAdminJob(row, subjects, documents));
}

export async function listAdminJobs({ db }: AdminJobDeps, query: AdminJobListQuery): Promise<AdminJobPage> {
  const { page, pageSize, ...filter } = query;
  const [rows, total] = await Promise.all([listJobRows(db, filter, (page - 1) * pageSize, pageSize), countJobRows(db, filter)]);
  return { items: await present(db, rows), total, page, pageSize };
}

/** Queues a failed job again with its attempts reset; 404 for an unknown id, 409 for a job that has not failed. */
export async function retryJob(deps: AdminJobDeps, context: AuditContext, id: string): Promise<AdminJob> {
  await deps.db.transaction().execute(async (trx) => {
    const job = await findJobRow(trx, id);
    if (!job) throw notFound('notFound', `No job has the id ${id}.`);
    if (job.status !== 'failed' || !(await requeueFailedJob(trx, id, new Date().toISOString()))) {
      throw conflict(`Only a failed job can be retried; this one is ${job.status}.`);
    }
    await recordAudit(trx, context, {
      action: 'retry',
      object: { kind: 'job', id },
      before: { kind: job.kind, status: job.status, attempts: Number(job.attempts), lastError: job.lastError },
      after: { status: 'queued', attempts: 0 },
    });
  });
  deps.wake();
  const [job] = await present(deps.db, [(await findJobRow(deps.db, id))!]);
  return job!;
}

/** Queues every failed job again; one audit entry counts them. */
export async function retryAllFailedJobs(deps: AdminJobDeps, context: AuditContext): Promise<AdminJobRetryAll> {
  const retried = await deps.db.transaction().execute(async (trx) => {
    const count = await requeueAllFailedJobs(trx, new Date().toISOString());
    if (count > 0) {
      await recordAudit(trx, context, { action: 'retry', object: { kind: 'job', id: 'all-failed' }, before: { status: 'failed', count }, after: { status: 'queued', count } });
    }
    return count;
  });
  if (retried > 0) deps.wake();
  return { retried };
}
