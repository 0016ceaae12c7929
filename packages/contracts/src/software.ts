import { z } from 'zod';
import { downloadableFileSchema, pageQuerySchema } from './downloads.ts';

export const softwareStatuses = ['current', 'previous', 'beta'] as const;
export const softwareStatusSchema = z.enum(softwareStatuses);
export type SoftwareStatus = z.infer<typeof softwareStatusSchema>;

/** Equipment names appear in page paths (`software/{softwareEquipmentName}`): letters, digits, `-`, `_`, `.`. */
export const equipmentNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/, 'is not an equipment name');

export const softwareListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().min(1).max(80).optional(),
});
export type SoftwareListQuery = z.infer<typeof softwareListQuerySchema>;

export const softwareVersionSummarySchema = z.object({
  number: z.string(),
  releaseDate: z.string(),
  status: softwareStatusSchema,
});

export const softwareItemSummarySchema = z.object({
  id: z.string(),
  equipmentName: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  compatibleEquipment: z.array(z.string()),
  /** Newest version the user may see; null when none. */
  latestVersion: softwareVersionSummarySchema.nullable(),
});
export type SoftwareItemSummary = z.infer<typeof softwareItemSummarySchema>;

export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });

export const softwareListResponseSchema = z.object({
  items: z.array(softwareItemSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Counts per category of the items matching `q` (the category filter itself is not applied). */
  facets: z.object({ category: z.array(facetCountSchema) }),
});
export type SoftwareListResponse = z.infer<typeof softwareListResponseSchema>;

/** The release notes of a version: a document, opened in the document viewer. */
export const releaseNotesSchema = z.object({
  documentId: z.string(),
  serviceRef: z.string(),
  fileName: z.string(),
  title: z.string(),
});

export const softwareVersionSchema = softwareVersionSummarySchema.extend({
  id: z.string(),
  files: z.array(downloadableFileSchema),
  totalSize: z.number().int(),
  releaseNotes: releaseNotesSchema.nullable(),
  /** `filePath` for `GET /api/Content/downloadZip`: the whole version as one zip. */
  zipPath: z.string(),
});
export type SoftwareVersion = z.infer<typeof softwareVersionSchema>;

export const softwareItemResponseSchema = softwareItemSummarySchema.extend({
  /** Newest first. */
  versions: z.array(softwareVersionSchema),
});
export type SoftwareItemResponse = z.infer<typeof softwareItemResponseSchema>;

export const softwareItemParamsSchema = z.object({ equipmentName: equipmentNameSchema });
export const softwareDocumentationParamsSchema = softwareItemParamsSchema.extend({
  filename: z.string().min(1).max(255),
});
