import { z } from 'zod';

/*
 * The full re-index of search (admins only): `GET /api/Admin/search/reindex` shows the latest run and its
 * progress, `POST` starts one (202; 409 while one is running). A background job rewrites every document's
 * index row a batch at a time while search keeps answering.
 */

export const searchReindexStatuses = ['running', 'done'] as const;
/** Who started a run: a migration that changed the index's format, or an admin from the console. */
export const searchReindexReasons = ['migration', 'admin'] as const;

export const searchReindexRunSchema = z.object({
  id: z.string(),
  status: z.enum(searchReindexStatuses),
  reason: z.enum(searchReindexReasons),
  /** Documents done so far, of `total` (the documents there were when it started; when it ends, those it went through). */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  startedAt: z.string(),
  /** When it last moved on (a running run that has not moved for long waits for a worker). */
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SearchReindexRun = z.infer<typeof searchReindexRunSchema>;

/** Answer of `GET` and `POST /api/Admin/search/reindex`: the latest run, or null before the first. */
export const searchReindexStateSchema = z.object({ run: searchReindexRunSchema.nullable() });
export type SearchReindexState = z.infer<typeof searchReindexStateSchema>;
