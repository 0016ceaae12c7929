import { z } from 'zod';

/*
 * Statistics of the publishing console (admins and publishers): views and downloads of documents over
 * time, per product and account. `GET /api/Admin/statistics` answers the series and the top documents,
 * `GET /api/Admin/statistics/export` the same as CSV. Days are UTC calendar days.
 */

export const statisticsGroupings = ['day', 'week', 'month'] as const;
export const statisticsGroupBySchema = z.enum(statisticsGroupings);
export type StatisticsGroupBy = z.infer<typeof statisticsGroupBySchema>;

/** The longest range one call covers, in days (two years of daily points). */
export const statisticsMaxDays = 731;
export const statisticsDefaultDays = 30;
export const statisticsTopMax = 100;

const code = z.string().trim().min(1).max(200);
const dayMs = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / dayMs;

/** Query of both routes: an inclusive range of days (the last 30 days by default), a grouping and filters. */
export const statisticsQuerySchema = z
  .object({
    /** First day (YYYY-MM-DD); 29 days before `to` by default. */
    from: z.iso.date().optional(),
    /** Last day, included (YYYY-MM-DD); today by default. */
    to: z.iso.date().optional(),
    groupBy: statisticsGroupBySchema.default('day'),
    /** Only documents about this product (code). */
    product: code.optional(),
    /** Only views and downloads by users of this account. */
    account: code.optional(),
    documentId: code.optional(),
    /** How many top documents. */
    top: z.coerce.number().int().min(1).max(statisticsTopMax).default(10),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'must not be before from', path: ['to'] })
  .refine((query) => !query.from || !query.to || daysBetween(query.from, query.to) < statisticsMaxDays, {
    message: `covers at most ${statisticsMaxDays} days`,
    path: ['from'],
  });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** One point of the series: `period` is the day (YYYY-MM-DD), the Monday of the ISO week, or the month (YYYY-MM). */
export const statisticsPointSchema = z.object({
  period: z.string(),
  views: z.number().int(),
  downloads: z.number().int(),
});
export type StatisticsPoint = z.infer<typeof statisticsPointSchema>;

export const statisticsTopDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  views: z.number().int(),
  downloads: z.number().int(),
});
export type StatisticsTopDocument = z.infer<typeof statisticsTopDocumentSchema>;

export const statisticsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: statisticsGroupBySchema,
  /** Every period of the range, empty ones included, oldest first. */
  series: z.array(statisticsPointSchema),
  totals: z.object({ views: z.number().int(), downloads: z.number().int() }),
  /** Most viewed and downloaded documents of the range (views + downloads, then views). */
  topDocuments: z.array(statisticsTopDocumentSchema),
});
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;
