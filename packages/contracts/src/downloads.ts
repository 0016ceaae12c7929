import { z } from 'zod';
import { downloadKinds } from './download-kinds.ts';
import { modelPreviewResponseSchema } from './previews.ts';

/** Page parameters shared by the download-centre lists. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** One stored file of a software version, a CAD set or a partner library. */
export const downloadableFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  mediaType: z.string(),
  /** A CAD model's 3D preview (issue 29), when one has been made. */
  modelPreview: modelPreviewResponseSchema.optional(),
});
export type DownloadableFile = z.infer<typeof downloadableFileSchema>;

/** Query of the single-file download calls (`POST /api/Software/download`, `POST /api/Cad/download`). */
export const fileDownloadQuerySchema = z.object({ fileId: z.string().trim().min(1).max(200) });

/** Answer of every download call: a list whose first item holds a short-lived signed URL (spec §3). */
export const downloadUrlListSchema = z.array(z.object({ downloadUrl: z.string() }));
export type DownloadUrlList = z.infer<typeof downloadUrlListSchema>;

export * from './download-kinds.ts';

export const downloadKindSchema = z.enum(downloadKinds);

/**
 * How to fetch an item of the history again: the API call to make (with the user's bearer token).
 * `body` is the JSON body of a POST (the document download takes a list with one id).
 */
export const redownloadSchema = z.object({
  method: z.enum(['GET', 'POST']),
  url: z.string(),
  body: z.array(z.string()).optional(),
});
export type Redownload = z.infer<typeof redownloadSchema>;

export const downloadHistoryQuerySchema = pageQuerySchema.extend({ kind: downloadKindSchema.optional() });
export type DownloadHistoryQuery = z.infer<typeof downloadHistoryQuerySchema>;

export const downloadHistoryItemSchema = z.object({
  id: z.string(),
  kind: downloadKindSchema,
  /** What was downloaded: the document title, the software or the CAD model/library name. */
  title: z.string(),
  /** Where the item lives in the portal (software equipment name, document serviceRef …), when it still exists. */
  itemRef: z.string().nullable(),
  versionLabel: z.string(),
  fileName: z.string(),
  /** True for a whole version or CAD set downloaded as one zip. */
  isZip: z.boolean(),
  downloadedAt: z.string(),
  newerVersionAvailable: z.boolean(),
  newestVersionLabel: z.string().nullable(),
  /** Null when the item is gone or the user may no longer download it. */
  redownload: redownloadSchema.nullable(),
});
export type DownloadHistoryItem = z.infer<typeof downloadHistoryItemSchema>;

export const downloadHistoryResponseSchema = z.object({
  items: z.array(downloadHistoryItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DownloadHistoryResponse = z.infer<typeof downloadHistoryResponseSchema>;
