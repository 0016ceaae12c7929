import { z } from 'zod';

export * from './preview-kinds.ts';

/** GET /api/Content/thumbnail */
export const thumbnailQuerySchema = z.object({ documentId: z.string().min(1) });
/** `data`: a short-lived signed URL of a PNG about 320 px wide. */
export const thumbnailResponseSchema = z.object({ data: z.string() });
export type ThumbnailResponse = z.infer<typeof thumbnailResponseSchema>;

/** GET /api/Content/videoPreview; `applicationId` names the calling application and is not used. */
export const videoPreviewQuerySchema = z.object({
  videoName: z.string().optional(),
  applicationId: z.string().optional(),
  documentId: z.string().min(1),
});
/** The player URL: a signed page that plays the video, made to be shown in an iframe. */
export const videoPreviewResponseSchema = z.string();
export type VideoPreviewResponse = z.infer<typeof videoPreviewResponseSchema>;

/** GET /api/Content/documentPreview: answers the PDF rendition of an Office document as bytes. */
export const documentPreviewQuerySchema = z.object({
  applicationId: z.string().optional(),
  documentId: z.string().min(1),
  documentName: z.string().optional(),
});

/** GET /api/Content/modelPreview: the 3D preview of a CAD model (issue 29). */
/** GET /api/Content/modelPreview: the current version's model, or `versionId`'s (an earlier version, to compare). */
export const modelPreviewQuerySchema = z.object({ documentId: z.string().min(1), versionId: z.string().min(1).optional() });
/** `data`: a short-lived signed URL of the binary glTF (millimetres); `sizeMm`: the overall size. */
export const modelPreviewResponseSchema = z.object({ data: z.string(), sizeMm: z.tuple([z.number(), z.number(), z.number()]), triangles: z.number().int() });
export type ModelPreviewResponse = z.infer<typeof modelPreviewResponseSchema>;
