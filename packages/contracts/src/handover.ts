import { z } from 'zod';
import { unitParamsSchema } from './units.ts';

/*
 * Handing the documentation over machine-readably (VDI 2770 Blatt 1:2020): each document type maps to
 * one of the standard's twelve document classes, set by staff in the console.
 */

/** The class ids of VDI 2770 Blatt 1:2020, Table 1. */
export const vdi2770ClassIds = ['01-01', '02-01', '02-02', '02-03', '02-04', '03-01', '03-02', '03-03', '03-04', '03-05', '03-06', '04-01'] as const;
export type Vdi2770ClassId = (typeof vdi2770ClassIds)[number];

export const vdi2770ClassSchema = z.object({
  classId: z.enum(vdi2770ClassIds),
  nameEn: z.string(),
  nameDe: z.string(),
  /** The class's IRDI in the ECLASS dictionary. */
  irdi: z.string(),
});
export type Vdi2770Class = z.infer<typeof vdi2770ClassSchema>;

/** A document type with the class its documents are handed over under (null: not mapped yet). */
export const handoverTypeSchema = z.object({ typeCode: z.string(), typeName: z.string(), classId: z.enum(vdi2770ClassIds).nullable() });
export type HandoverType = z.infer<typeof handoverTypeSchema>;

/** GET /api/Admin/handover/classes: the twelve classes and every document type's class. */
export const handoverClassesSchema = z.object({ classes: z.array(vdi2770ClassSchema), types: z.array(handoverTypeSchema) });
export type HandoverClasses = z.infer<typeof handoverClassesSchema>;

export const handoverTypeParamsSchema = z.object({ typeCode: z.string().min(1).max(100) });

/** PUT /api/Admin/handover/classes/{typeCode}. */
export const setHandoverClassBodySchema = z.object({
  classId: z.enum(vdi2770ClassIds, { message: `must be one of the VDI 2770 classes ${vdi2770ClassIds.join(', ')}` }),
});
export type SetHandoverClassBody = z.infer<typeof setHandoverClassBodySchema>;

/** POST /api/Admin/handover-imports: the `metadata` field, naming the product or the unit (by serial) the set belongs to. */
export const handoverImportMetadataSchema = z
  .object({ product: z.string().trim().min(1).max(40).optional(), unit: z.string().trim().min(1).max(100).optional() })
  .refine((metadata) => (metadata.product === undefined) !== (metadata.unit === undefined), 'names either a product or a unit');
export type HandoverImportMetadata = z.infer<typeof handoverImportMetadataSchema>;

/** A document version taken in as a draft. */
export const handoverImportTakenSchema = z.object({
  source: z.string(),
  documentId: z.string(),
  typeCode: z.string(),
  language: z.string(),
  version: z.string(),
  title: z.string(),
});
/** Something of the upload left out, and why. */
export const handoverImportRefusedSchema = z.object({ source: z.string(), reason: z.string() });

/** The import's report: what came in as drafts, what was refused. */
export const handoverImportReportSchema = z.object({
  format: z.enum(['vdi2770', 'aasx']),
  product: z.string(),
  unit: z.string().nullable(),
  taken: z.array(handoverImportTakenSchema),
  refused: z.array(handoverImportRefusedSchema),
});
export type HandoverImportReport = z.infer<typeof handoverImportReportSchema>;

/** GET /api/Units/{serial}/aas/submodels/{submodelIdentifier}: the submodel's id base64url-encoded, as the AAS API does. */
export const aasSubmodelParamsSchema = unitParamsSchema.extend({
  submodelIdentifier: z.string().min(1).max(2000).regex(/^[A-Za-z0-9_-]+={0,2}$/, 'is not base64url-encoded'),
});
