import { z } from 'zod';
import { cadFormats, type CadFormat } from './cad-formats.ts';
import { downloadableFileSchema } from './downloads.ts';

export * from './cad-formats.ts';

export const cadFormatSchema = z.enum(Object.keys(cadFormats) as [CadFormat, ...CadFormat[]]);

export const cadOptionGroupSchema = z.object({
  /** e.g. `mounting`, `armLength`, `toolFlange`. */
  code: z.string(),
  label: z.string(),
  values: z.array(z.object({ code: z.string(), label: z.string() })),
});

export const cadModelSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Revision of the model's CAD data; a new one means every set of the model changed. */
  revision: z.string(),
  optionGroups: z.array(cadOptionGroupSchema),
  /** Pairs of option values that cannot be combined, with the reason shown to the user. */
  exclusions: z.array(z.object({ values: z.tuple([z.string(), z.string()]), reason: z.string() })),
});
export type CadModel = z.infer<typeof cadModelSchema>;

export const cadCatalogueResponseSchema = z.object({
  families: z.array(
    z.object({ code: z.string(), name: z.string(), description: z.string(), models: z.array(cadModelSchema) }),
  ),
});
export type CadCatalogueResponse = z.infer<typeof cadCatalogueResponseSchema>;

export const cadConfigurationQuerySchema = z.object({
  model: z.string().trim().min(1).max(80),
  /** Comma-separated option value codes, one per option group of the model. */
  options: z.string().trim().max(1000).default(''),
});

export const cadFormatSetSchema = z.object({
  format: cadFormatSchema,
  label: z.string(),
  /** The partner tool of a native format; null for STEP and IGES. */
  tool: z.string().nullable(),
  files: z.array(downloadableFileSchema),
  totalSize: z.number().int(),
  zipPath: z.string(),
});

export const cadConfigurationResponseSchema = z.object({
  /** `<modelCode>/<option codes in group order, comma-separated>`: stable for one configuration. */
  configurationId: z.string(),
  model: z.object({ code: z.string(), name: z.string(), revision: z.string() }),
  options: z.array(z.object({ group: z.string(), groupLabel: z.string(), value: z.string(), label: z.string() })),
  formats: z.array(cadFormatSetSchema),
  /** `filePath` for `GET /api/Content/downloadZip`: every format of the set in one zip. */
  zipPath: z.string(),
});
export type CadConfigurationResponse = z.infer<typeof cadConfigurationResponseSchema>;

export const cadLibraryVersionSchema = z.object({
  id: z.string(),
  version: z.string(),
  releaseDate: z.string(),
  notes: z.string(),
  files: z.array(downloadableFileSchema),
  totalSize: z.number().int(),
  zipPath: z.string(),
});

export const cadLibrarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  productCodes: z.array(z.string()),
  /** Newest first. */
  versions: z.array(cadLibraryVersionSchema),
});

export const cadPartnerLibrariesResponseSchema = z.object({
  tools: z.array(z.object({ tool: z.string(), libraries: z.array(cadLibrarySchema) })),
});
export type CadPartnerLibrariesResponse = z.infer<typeof cadPartnerLibrariesResponseSchema>;
