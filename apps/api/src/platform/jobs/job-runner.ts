import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema.ts';
import { claimJobs, completeJob, failJob, requeueAbandonedJobs, runningWorkerIds, type JobRow } from './job.repository.ts';
import { isGoneLocalWorker, newWorkerId } from './worker-identity.ts';

/** Does one job's work; throwing means "try again later" (until the attempts run out). */
export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

export interface JobRunnerOptions {
  db: Kysely<Database>;
  handlers: Record<string, JobHandler>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Jobs run at the same time in this process. */
  concurrency: number;
  maxAttempts?: number;
  /** Delay before the first retry; doubles with each further attempt. */
  retryBaseMs?: number;
  pollIntervalMs?: number;
  /** A job running longer than this is taken to belong to a dead process and is queued again. */
  leaseMs?: number;
}

/**
 * Runs jobs from the `jobs` table with bounded concurrency; any number of runners (API processes,
 * workers) may share the table. On start, and again every quarter lease while running, it takes back
 * jobs a stopped process left running: at once when that process ran on this host and is gone,
 * otherwise once their lease has expired. It claims more work when a job ends, when `wake()` is
 * called after an enqueue, and every poll interval.
 */
export class JobRunner {
  readonly workerId = newWorkerId();
  private readonly active = new Set<Promise<void>>();
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private filling: Promise<void> | undefined;
  private refill = false;
  private lastLeaseCheck = 0;

  private readonly options: JobRunnerOptions;

  constructor(options: JobRunnerOptions) {
    this.options = options;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.retryBaseMs = options.retryBaseMs ?? 5_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 15 * 60_000;
  }

  async start(): Promise<void> {
    if (this.running) return;
    await this.takeBackAbandonedJobs();
    this.running = true;
    this.wake();
  }

  /** Claims work now instead of at the next poll. */
  wake(): void {
    if (!this.running) return;
    if (this.filling) {
      this.refill = true;
      return;
    }
    this.filling = this.fill().finally(() => {
      this.filling = undefined;
      if (this.refill) {
        this.refill = false;
        this.wake();
      }
    });
  }

  /** Stops claiming and waits for the jobs in progress to finish. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.filling;
    await Promise.allSettled([...this.active]);
  }

  private async fill(): Promise<void> {
    clearTimeout(this.timer);
    const { db, log } = this.options;
    try {
      if (Date.now() - this.lastLeaseCheck > this.leaseMs / 4) await this.takeBackAbandonedJobs();
      while (this.running && this.active.size < this.options.concurrency) {
        const jobs = await claimJobs(db, this.workerId, this.options.concurrency - this.active.size);
        if (jobs.length === 0) break;
        for (const job of jobs.sort((a, b) => a.createdAt.localeCompare(b.createdAt))) this.track(this.run(job));
      }
    } catch (error) {
      log.error({ err: error }, 'could not claim jobs');
    }
    if (this.running) this.timer = setTimeout(() => this.wake(), this.pollIntervalMs).unref();
  }

  private async takeBackAbandonedJobs(): Promise<void> {
    const { db, log } = this.options;
    this.lastLeaseCheck = Date.now();
    const goneWorkers = (await runningWorkerIds(db)).filter((id) => isGoneLocalWorker(id, this.workerId));
    const lockedBefore = new Date(Date.now() - this.leaseMs);
    const resumed = await requeueAbandonedJobs(db, { lockedBefore, goneWorkers }, this.maxAttempts);
    if (resumed > 0) log.info({ resumed }, 'jobs left running by a stopped process were queued again');
  }

  private track(promise: Promise<void>): void {
    this.active.add(promise);
    void promise.finally(() => {
      this.active.delete(promise);
      this.wake();
    });
  }

  private async run(job: JobRow): Promise<void> {
    const { db, log, handlers } = this.options;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new PermanentJobError(`no handler for job kind "${job.kind}"`);
      await handler(JSON.parse(job.payload) as unknown, job);
      await completeJob(db, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry = !(error instanceof PermanentJobError) && job.attempts < this.maxAttempts;
      const retryAt = retry ? new Date(Date.now() + this.retryBaseMs * 2 ** (job.attempts - 1)) : null;
      log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, retryAt, err: message }, 'job failed');
      await failJob(db, job.id, message, retryAt).catch((failError: unknown) => log.error({ err: failError }, 'could not record a job failure'));
    }
  }
}

/** A failure that another attempt cannot fix (bad payload, unknown kind). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
