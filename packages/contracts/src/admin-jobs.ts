import { z } from 'zod';

/*
 * Background jobs as the console shows them (`/api/Admin/jobs`, admins and publishers): the preview
 * work of each document version and any other kind, with their state and last error; failed jobs
 * can be queued again.
 */

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export const jobStatusSchema = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** A job kind such as `thumbnail`, `extractText` or `officePdf`. */
export const jobKindSchema = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, 'is not a job kind such as thumbnail');

export const adminJobPageSizeMax = 100;

/** Query of `GET /api/Admin/jobs`: newest first, one page. */
export const adminJobListQuerySchema = z.object({
  status: jobStatusSchema.optional(),
  kind: jobKindSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(adminJobPageSizeMax).default(25),
});
export type AdminJobListQuery = z.infer<typeof adminJobListQuerySchema>;

/** The document version a preview job works on (null for jobs about something else, or a version deleted since). */
export const adminJobSubjectSchema = z.object({
  documentId: z.string(),
  serviceRef: z.string(),
  title: z.string(),
  versionId: z.string(),
  resourceVersion: z.string(),
  fileName: z.string(),
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
