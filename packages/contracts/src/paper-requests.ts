import { z } from 'zod';
import { languageCodeSchema } from './admin-documents.ts';

/*
 * Paper on request (EU Machinery Regulation 2023/1230, Art. 10(7)): a unit's owner asks for its
 * instructions on paper in one language; staff print and ship them within one month.
 */

/** Plain text only: no control characters (line breaks are fine) and no angle brackets, so it can never be markup. */
const isPlainText = (text: string) => !/[\p{Cc}<>]/u.test(text.replace(/\r?\n/g, ' '));
const plainTextMessage = 'must be plain text (no markup or control characters)';

const plainText = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `is longer than ${max} characters`).refine(isPlainText, plainTextMessage);

export const paperRequestStates = ['requested', 'printed', 'shipped'] as const;
export const paperRequestStateSchema = z.enum(paperRequestStates);
export type PaperRequestState = z.infer<typeof paperRequestStateSchema>;

/** POST /api/Units/{serial}/paper-requests */
export const paperRequestBodySchema = z.object({
  language: languageCodeSchema,
  postalAddress: plainText(500),
  contact: plainText(200),
});
export type PaperRequestBody = z.infer<typeof paperRequestBodySchema>;

export const paperRequestStepSchema = z.object({ at: z.string(), note: z.string() });

export const paperRequestSchema = z.object({
  id: z.string(),
  serialNumber: z.string(),
  account: z.string(),
  requester: z.string(),
  language: z.string(),
  postalAddress: z.string(),
  contact: z.string(),
  state: paperRequestStateSchema,
  requestedAt: z.string(),
  /** The request date plus one calendar month (the last day of that month when it is shorter). */
  dueAt: z.string(),
  /** Not shipped and the due date has passed. */
  overdue: z.boolean(),
  printed: paperRequestStepSchema.nullable(),
  shipped: paperRequestStepSchema.nullable(),
});
export type PaperRequest = z.infer<typeof paperRequestSchema>;

/** GET /api/Admin/paper-requests?state=&overdue=&page=&pageSize= */
export const paperRequestListQuerySchema = z.object({
  state: paperRequestStateSchema.optional(),
  overdue: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type PaperRequestListQuery = z.infer<typeof paperRequestListQuerySchema>;

export const paperRequestListSchema = z.object({
  items: z.array(paperRequestSchema),
  total: z.number().int(),
  /** Open requests past their due date (the console home shows this). */
  overdueCount: z.number().int(),
});
export type PaperRequestList = z.infer<typeof paperRequestListSchema>;

export const paperRequestParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'is not a request id') });

/** POST /api/Admin/paper-requests/{id}/status : the next step, in order (requested → printed → shipped). */
export const paperRequestStatusBodySchema = z.object({
  state: z.enum(['printed', 'shipped']),
  note: z.string().trim().max(1000, 'is longer than 1000 characters').refine(isPlainText, plainTextMessage).default(''),
});
export type PaperRequestStatusBody = z.infer<typeof paperRequestStatusBodySchema>;

/**
 * GET (publisher, admin): the print shop's PDF of a request, `application/pdf` named `paper-request-<serial>-<language>.pdf`:
 * a cover, then every document of the unit in the request's language; 413 `payloadTooLarge` beyond 200 MB of files or 5,000 pages.
 */
export const paperRequestPrintPath = (id: string) => `/api/Admin/paper-requests/${encodeURIComponent(id)}/print.pdf`;
