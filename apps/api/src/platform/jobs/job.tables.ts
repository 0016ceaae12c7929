import type { Generated } from 'kysely';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  dedupeKey: string | null;
  status: JobStatus;
  attempts: Generated<number>;
  runAfter: string;
  lockedBy: string | null;
  lockedAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The tables the platform (platform/jobs) owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface JobTables {
  jobs: JobsTable;
}
