import { z } from 'zod';
import { feedbackLimits, feedbackReasons, feedbackStatuses, feedbackSubjectKinds } from './feedback-values.ts';

export { feedbackLimits, feedbackReasons, feedbackStatuses, feedbackSubjectKinds } from './feedback-values.ts';
export type { FeedbackReason, FeedbackStatus, FeedbackSubjectKind } from './feedback-values.ts';

/*
 * "Was this helpful?": a reader's yes or no on a document (optionally one version), a software item or a unit,
 * with one reason for a no and an optional plain-text comment; the publishers' triage of it per subject.
 */

/** Plain text only: no control characters (line breaks are fine) and no angle brackets, so it can never be markup. */
const isPlainText = (text: string) => !/[\p{Cc}<>]/u.test(text.replace(/\r?\n/g, ' '));
const plainTextMessage = 'must be plain text (no markup or control characters)';

export const feedbackReasonSchema = z.enum(feedbackReasons);
export const feedbackStatusSchema = z.enum(feedbackStatuses);

const idText = (what: string) => z.string().trim().min(1, 'is required').max(200, `is not ${what}`);

/** What the feedback is about: a document (optionally one of its versions), a software item by equipment name, or a unit by serial. */
export const feedbackSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('document'), documentId: idText('a document id'), versionId: idText('a version id').optional() }),
  z.object({ kind: z.literal('software'), equipmentName: idText('an equipment name') }),
  z.object({ kind: z.literal('unit'), serial: idText('a serial number') }),
]);
export type FeedbackSubject = z.infer<typeof feedbackSubjectSchema>;

const commentSchema = z
  .string()
  .trim()
  .max(feedbackLimits.commentLength, `is longer than ${feedbackLimits.commentLength} characters`)
  .refine(isPlainText, plainTextMessage);

/** POST /api/Feedback (reader): a yes, or a no with exactly one reason; the comment is optional. */
export const feedbackBodySchema = z
  .object({
    subject: feedbackSubjectSchema,
    helpful: z.boolean(),
    reason: feedbackReasonSchema.optional(),
    comment: commentSchema.optional(),
  })
  .superRefine((body, context) => {
    if (!body.helpful && !body.reason) context.addIssue({ code: 'custom', path: ['reason'], message: 'is required when the answer is no' });
    if (body.helpful && body.reason) context.addIssue({ code: 'custom', path: ['reason'], message: 'is only given when the answer is no' });
  });
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

/** What the reader gets back: a receipt of their own feedback, nothing of anybody else's. */
export const feedbackReceiptSchema = z.object({ id: z.string(), createdAt: z.string() });
export type FeedbackReceipt = z.infer<typeof feedbackReceiptSchema>;

export const feedbackItemSchema = z.object({
  id: z.string(),
  subject: z.object({
    kind: z.enum(feedbackSubjectKinds),
    id: z.string(),
    /** The serial or equipment name readers see (the document id for documents). */
    key: z.string(),
    title: z.string(),
    versionId: z.string().nullable(),
    versionLabel: z.string().nullable(),
  }),
  helpful: z.boolean(),
  reason: feedbackReasonSchema.nullable(),
  comment: z.string(),
  reader: z.string(),
  language: z.string().nullable(),
  status: feedbackStatusSchema,
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** GET /api/Admin/feedback?status=&subjectKind=&subjectId=&helpful=&page=&pageSize= (publishers, admins) */
export const feedbackListQuerySchema = z.object({
  status: feedbackStatusSchema.optional(),
  subjectKind: z.enum(feedbackSubjectKinds).optional(),
  /** A document's id (or a software item's or unit's id with its kind). */
  subjectId: z.string().trim().min(1).max(200).optional(),
  helpful: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;

/** One subject's line of the triage queue: its open items and its helpful share. */
export const feedbackSubjectSummarySchema = z.object({
  kind: z.enum(feedbackSubjectKinds),
  id: z.string(),
  title: z.string(),
  helpful: z.number().int(),
  notHelpful: z.number().int(),
  open: z.number().int(),
});
export type FeedbackSubjectSummary = z.infer<typeof feedbackSubjectSummarySchema>;

export const feedbackListSchema = z.object({
  /** The page's items, grouped by subject (the subject with the most open items first), newest first within one. */
  items: z.array(feedbackItemSchema),
  total: z.number().int(),
  /** The subjects of this page's items. */
  subjects: z.array(feedbackSubjectSummarySchema),
});
export type FeedbackList = z.infer<typeof feedbackListSchema>;

export const feedbackParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'is not a feedback id') });

/** POST /api/Admin/feedback/{id}/status: the new status and a note (both audited; `fixed` tells the reader). */
export const feedbackStatusBodySchema = z.object({
  status: feedbackStatusSchema,
  note: z
    .string()
    .trim()
    .max(feedbackLimits.noteLength, `is longer than ${feedbackLimits.noteLength} characters`)
    .refine(isPlainText, plainTextMessage)
    .default(''),
});
export type FeedbackStatusBody = z.infer<typeof feedbackStatusBodySchema>;

/** GET /api/Admin/feedback/helpful-shares?documentIds=a,b (the console's documents table): per document, yes and no counts. */
export const helpfulSharesQuerySchema = z.object({
  documentIds: z
    .string()
    .max(10_000)
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()).filter((id) => id.length > 0))])
    .refine((ids) => ids.length <= 200, 'names more than 200 documents'),
});
export type HelpfulSharesQuery = z.infer<typeof helpfulSharesQuerySchema>;

export const helpfulShareSchema = z.object({
  documentId: z.string(),
  helpful: z.number().int(),
  notHelpful: z.number().int(),
  /** helpful / (helpful + notHelpful), or null without answers. */
  share: z.number().nullable(),
});
export type HelpfulShare = z.infer<typeof helpfulShareSchema>;
export const helpfulSharesSchema = z.object({ items: z.array(helpfulShareSchema) });
export type HelpfulShares = z.infer<typeof helpfulSharesSchema>;
