import { z } from 'zod';

/*
 * Background jobs as the console shows them (`/api/Admin/jobs`, admins and publishers): the preview
 * work of each document version and any other kind, with their state and last error; failed jobs
 * can be queued again.
 */

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export const jobStatusSchema = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** A job kind such as `thumbnail`, `extractText` or `documents.publishScheduled` (a module's kinds carry its name and a dot). */
export const jobKindSchema = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,59}$/, 'is not a job kind such as thumbnail');

export const adminJobPageSizeMax = 100;

/** Query of `GET /api/Admin/jobs`: newest first, one page. */
export const adminJobListQuerySchema = z.object({
  status: jobStatusSchema.optional(),
  kind: jobKindSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(adminJobPageSizeMax).default(25),
});
export type AdminJobListQuery = z.infer<typeof adminJobListQuerySchema>;

/**
 * The document a job works on: the version of a preview or notification job (`{ versionId }`), or the document
 * itself for a job about a whole document such as a scheduled publication (`{ documentId }`, version fields null).
 * Null for jobs about something else, or a document deleted since.
 */
export const adminJobSubjectSchema = z.object({
  documentId: z.string(),
  serviceRef: z.string(),
  title: z.string(),
  versionId: z.string().nullable(),
  resourceVersion: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type AdminJobSubject = z.infer<typeof adminJobSubjectSchema>;

export const adminJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: jobStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When it runs (or ran) next. */
  runAfter: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  subject: adminJobSubjectSchema.nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobPageSchema = z.object({
  items: z.array(adminJobSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminJobPage = z.infer<typeof adminJobPageSchema>;

export const adminJobParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** Answer of `POST /api/Admin/jobs/retry-failed`: how many failed jobs went back to the queue. */
export const adminJobRetryAllSchema = z.object({ retried: z.number().int() });
export type AdminJobRetryAll = z.infer<typeof adminJobRetryAllSchema>;
