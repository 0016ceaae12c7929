import { z } from 'zod';
import { documentStates, languageCodeSchema } from './admin-documents.ts';

/* GET /api/Admin/documents: the console's server-paged list of every document, whatever its state. */

export const adminDocumentStates = documentStates;
export const adminDocumentSorts = ['title', 'updatedAt', 'type'] as const;
export type AdminDocumentSort = (typeof adminDocumentSorts)[number];
export const adminDocumentPageSizeMax = 100;

const code = z.string().trim().min(1).max(40);

export const adminDocumentListQuerySchema = z.object({
  /** Part of the title or the service reference, case-insensitive, taken literally. */
  q: z.string().trim().max(200).optional(),
  type: code.optional(),
  product: code.optional(),
  language: languageCodeSchema.optional(),
  audience: z.enum(['everyone', 'restricted']).optional(),
  /** The language variants of one document: those sharing this variant group. */
  variantGroup: code.optional(),
  state: z.enum(adminDocumentStates).optional(),
  sort: z.enum(adminDocumentSorts).default('updatedAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(adminDocumentPageSizeMax).default(25),
});
export type AdminDocumentListQuery = z.infer<typeof adminDocumentListQuerySchema>;

export const adminDocumentListItemSchema = z.object({
  id: z.string(),
  serviceRef: z.string(),
  title: z.string(),
  typeCode: z.string(),
  languageCode: z.string(),
  /** Documents sharing it are language variants of one another. */
  variantGroup: z.string(),
  products: z.array(z.string()),
  /** 'everyone', or 'restricted' with the number of access rules. */
  audience: z.object({ kind: z.enum(['everyone', 'restricted']), rules: z.number().int() }),
  state: z.enum(adminDocumentStates),
  /** When a `scheduled` document is published; null otherwise. */
  scheduledAt: z.string().nullable(),
  /** The current version's label and id, null when no version is published. */
  currentVersion: z.object({ id: z.string(), resourceVersion: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type AdminDocumentListItem = z.infer<typeof adminDocumentListItemSchema>;

export const adminDocumentListResponseSchema = z.object({
  items: z.array(adminDocumentListItemSchema),
  total: z.number().int(),
});
export type AdminDocumentListResponse = z.infer<typeof adminDocumentListResponseSchema>;
