import { z } from 'zod';
import { accessRuleSchema } from './admin-documents.ts';
import { cadLibrarySchema, cadLibraryVersionSchema } from './cad.ts';
import { downloadableFileSchema } from './downloads.ts';
import { equipmentNameSchema, softwareStatusSchema } from './software.ts';

/*
 * Publishing side of software and CAD (roles `publisher` and `admin`), under /api/Admin.
 *
 * Uploads (`POST /api/Admin/software/{itemId}/versions`, `POST /api/Admin/cad/libraries/{libraryId}/versions`)
 * are multipart: a `metadata` field holding the JSON below first, then one or more `file` fields
 * (at most `maxVersionFiles`, each at most the server's upload limit). Bad metadata is refused
 * before any byte is stored. File names are kept as their last path segment without control or
 * bidirectional characters, and must differ within a version.
 *
 * Software and CAD content has no unpublished state: a version is hidden from customers by giving
 * it the audience `restricted` (staff and the `access` rules only); `restricted` with no rule is
 * staff only, which is how a version is withdrawn.
 */

/** How many files one software or library version may carry. */
export const maxVersionFiles = 20;

/** Product and catalogue codes: letters, digits, `.`, `_`, `-` (never `,` or `/`, which configuration ids use). */
export const catalogueCodeSchema = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, 'is not a code (letters, digits, . _ -, at most 40)');

/** A version number as shown and used in zip names: `2.1`, `2025.1`, `1.0.0-rc.1`. */
export const versionNumberSchema = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,39}$/, 'is not a version number such as 2.1 or 1.0.0-rc.1');

/** A calendar date, `YYYY-MM-DD`. */
export const releaseDateSchema = z.iso.date();

export const contentAudienceSchema = z.enum(['everyone', 'restricted']);

/** An audience rule as stored (the same shape the document API answers). */
export const storedAccessRuleSchema = z.object({ kind: z.enum(['role', 'account', 'user']), value: z.string(), expiresAt: z.string().nullable() });

const itemFields = {
  equipmentName: equipmentNameSchema,
  name: z.string().trim().min(1).max(200),
  category: z.string().trim().min(1).max(80),
  description: z.string().max(5000),
  /** Product codes of the `products` table; each must exist. */
  compatibleEquipment: z.array(catalogueCodeSchema).max(100),
  /** 'everyone' signed in, or 'restricted' to staff and the `access` rules. */
  audience: contentAudienceSchema,
  access: z.array(accessRuleSchema).max(500),
};

/** Body of POST /api/Admin/software (JSON). `equipmentName` must be unused. */
export const createSoftwareItemBodySchema = z.object({
  ...itemFields,
  description: itemFields.description.default(''),
  compatibleEquipment: itemFields.compatibleEquipment.default([]),
  audience: itemFields.audience.default('everyone'),
  access: itemFields.access.default([]),
});
export type CreateSoftwareItemBody = z.infer<typeof createSoftwareItemBodySchema>;

/** Body of PATCH /api/Admin/software/{itemId}: only the fields given change; `access` replaces the rules. */
export const updateSoftwareItemBodySchema = z
  .object(itemFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'names no field to change');
export type UpdateSoftwareItemBody = z.infer<typeof updateSoftwareItemBodySchema>;

/**
 * Metadata of POST /api/Admin/software/{itemId}/versions. A new `current` version turns the item's
 * other `current` versions into `previous`. `changeNote` goes to the audit log.
 */
export const newSoftwareVersionMetadataSchema = z.object({
  /** Unique within the item. */
  versionNumber: versionNumberSchema,
  releaseDate: releaseDateSchema,
  status: softwareStatusSchema,
  audience: contentAudienceSchema.default('everyone'),
  access: z.array(accessRuleSchema).max(500).default([]),
  /** A document (its id) holding the release notes; it must exist. */
  releaseNotesDocumentId: z.string().trim().min(1).max(200).nullable().default(null),
  changeNote: z.string().max(5000).default(''),
});
export type NewSoftwareVersionMetadata = z.infer<typeof newSoftwareVersionMetadataSchema>;

/** Body of PATCH /api/Admin/software/{itemId}/versions/{versionId}: only the fields given change. */
export const updateSoftwareVersionBodySchema = z
  .object({
    status: softwareStatusSchema,
    audience: contentAudienceSchema,
    access: z.array(accessRuleSchema).max(500),
    releaseDate: releaseDateSchema,
    releaseNotesDocumentId: z.string().trim().min(1).max(200).nullable(),
    changeNote: z.string().max(5000),
  })
  .partial()
  .refine((body) => Object.keys(body).some((key) => key !== 'changeNote'), 'names no field to change');
export type UpdateSoftwareVersionBody = z.infer<typeof updateSoftwareVersionBodySchema>;

export const adminSoftwareItemParamsSchema = z.object({ itemId: z.string().min(1).max(200) });
export const adminSoftwareVersionParamsSchema = adminSoftwareItemParamsSchema.extend({ versionId: z.string().min(1).max(200) });

export const adminSoftwareVersionSchema = z.object({
  id: z.string(),
  versionNumber: z.string(),
  releaseDate: z.string(),
  status: softwareStatusSchema,
  audience: contentAudienceSchema,
  access: z.array(storedAccessRuleSchema),
  releaseNotesDocumentId: z.string().nullable(),
  files: z.array(downloadableFileSchema),
  totalSize: z.number().int(),
  createdAt: z.string(),
});
export type AdminSoftwareVersion = z.infer<typeof adminSoftwareVersionSchema>;

/** What every software call answers (and GET /api/Admin/software/{itemId}): the item as stored, its rules and every version (newest release first). */
export const adminSoftwareItemSchema = z.object({
  id: z.string(),
  equipmentName: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  compatibleEquipment: z.array(z.string()),
  audience: contentAudienceSchema,
  access: z.array(storedAccessRuleSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  versions: z.array(adminSoftwareVersionSchema),
});
export type AdminSoftwareItem = z.infer<typeof adminSoftwareItemSchema>;

/** Answer of GET /api/Admin/software: every item, whatever its audience, by name. */
export const adminSoftwareListSchema = z.object({ items: z.array(adminSoftwareItemSchema) });
export type AdminSoftwareList = z.infer<typeof adminSoftwareListSchema>;

/** Metadata of POST /api/Admin/cad/libraries/{libraryId}/versions. */
export const newCadLibraryVersionMetadataSchema = z.object({
  /** Unique within the library. */
  version: versionNumberSchema,
  releaseDate: releaseDateSchema,
  notes: z.string().max(5000).default(''),
});
export type NewCadLibraryVersionMetadata = z.infer<typeof newCadLibraryVersionMetadataSchema>;

export const adminCadLibraryParamsSchema = z.object({ libraryId: z.string().min(1).max(200) });

/** A release as the public library page shows it, with when it was added instead of its zip path. */
export const adminCadLibraryVersionSchema = cadLibraryVersionSchema.omit({ zipPath: true }).extend({ createdAt: z.string() });

export const adminCadLibrarySchema = cadLibrarySchema.extend({
  cadTool: z.string(),
  audience: contentAudienceSchema,
  access: z.array(storedAccessRuleSchema),
  createdAt: z.string(),
  /** Newest release first. */
  versions: z.array(adminCadLibraryVersionSchema),
});
export type AdminCadLibrary = z.infer<typeof adminCadLibrarySchema>;

/** Answer of GET /api/Admin/cad/libraries: every library, whatever its audience, by tool then name. */
export const adminCadLibraryListSchema = z.object({ libraries: z.array(adminCadLibrarySchema) });
export type AdminCadLibraryList = z.infer<typeof adminCadLibraryListSchema>;

/*
 * The configurator's catalogue, POST /api/Admin/cad/catalogue: a JSON body (`application/json`,
 * the shape below), a CSV body (`text/csv`), or multipart with one `file` field holding a `.json`
 * or `.csv` file (at most `maxCatalogueBytes`). Everything is checked first; when anything is wrong
 * the answer is 400 with `details` listing every problem (`path` is `families[0].models[1].code` in
 * JSON, `row 12 (code)` in CSV, the header being row 1; at most 1,000, then one detail counting the
 * rest). When all is right the whole catalogue is replaced in one transaction: families and models
 * missing from the file are removed, the others updated in place (their CAD files stay).
 */

export const maxCatalogueBytes = 5 * 1024 * 1024;

const labelSchema = z.string().trim().min(1).max(200);

/** One model of the catalogue file: the shape GET /api/Cad/catalogue answers. */
export const catalogueModelInputSchema = z.object({
  code: catalogueCodeSchema,
  name: labelSchema,
  description: z.string().max(5000).default(''),
  revision: z.string().trim().min(1).max(40),
  /** At least one group; every group at least one value; value codes unique within the model. */
  optionGroups: z.array(z.object({ code: catalogueCodeSchema, label: labelSchema, values: z.array(z.object({ code: catalogueCodeSchema, label: labelSchema })).min(1).max(200) })).min(1).max(50),
  /** Pairs of value codes (of two different groups of the model) that cannot be combined. */
  exclusions: z.array(z.object({ values: z.tuple([catalogueCodeSchema, catalogueCodeSchema]), reason: labelSchema })).max(2000).default([]),
});

/** The JSON catalogue file: GET /api/Cad/catalogue's answer is a valid one (families keep their audience unless given). */
export const catalogueInputSchema = z.object({
  families: z
    .array(
      z.object({
        code: catalogueCodeSchema,
        name: labelSchema,
        description: z.string().max(5000).default(''),
        /** New families default to `everyone`; existing ones keep theirs when left out. */
        audience: contentAudienceSchema.optional(),
        models: z.array(catalogueModelInputSchema).min(1).max(500),
      }),
    )
    .min(1)
    .max(200),
});
export type CatalogueInput = z.infer<typeof catalogueInputSchema>;

/**
 * The CSV catalogue file: a header row naming these columns (any order; unknown columns are a
 * problem), then one row per record. The order of rows is the display order.
 *
 * | kind        | family | model | group | code  | name (label)    | description | revision | audience | valueA | valueB | reason |
 * |-------------|--------|-------|-------|-------|-----------------|-------------|----------|----------|--------|--------|--------|
 * | family      | code   |       |       |       | name            | optional    |          | optional |        |        |        |
 * | model       | family | code  |       |       | name            | optional    | required |          |        |        |        |
 * | group       |        | model | code  |       | label           |             |          |          |        |        |        |
 * | value       |        | model | group | code  | label           |             |          |          |        |        |        |
 * | exclusion   |        | model |       |       |                 |             |          |          | value  | value  | reason |
 *
 * Comma-separated, fields with commas, quotes or line breaks in double quotes (`""` for a quote).
 */
export const catalogueCsvColumns = ['kind', 'family', 'model', 'group', 'code', 'name', 'description', 'revision', 'audience', 'valueA', 'valueB', 'reason'] as const;
export const catalogueCsvKinds = ['family', 'model', 'group', 'value', 'exclusion'] as const;

/** Query of POST /api/Admin/cad/catalogue. */
export const catalogueImportQuerySchema = z.object({
  /** `true`: check and answer the report, write nothing. */
  dryRun: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  /**
   * Removing a model deletes its CAD files, which only a full import brings back: without `true`,
   * a model with CAD files missing from the file, or an option value such files need, is a problem.
   */
  allowRemovals: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
});
export type CatalogueImportQuery = z.infer<typeof catalogueImportQuerySchema>;

const codeLists = z.object({ families: z.array(z.string()), models: z.array(z.string()) });

/** Answer of a valid catalogue (200), on a dry run too. */
export const catalogueImportReportSchema = z.object({
  format: z.enum(['json', 'csv']),
  dryRun: z.boolean(),
  /** Whether the catalogue was replaced (false on a dry run). */
  applied: z.boolean(),
  counts: z.object({
    families: z.number().int(),
    models: z.number().int(),
    optionGroups: z.number().int(),
    optionValues: z.number().int(),
    exclusions: z.number().int(),
  }),
  added: codeLists,
  removed: codeLists,
  /** CAD component files deleted with the removed models (only with `allowRemovals`). */
  removedCadFiles: z.number().int(),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReportSchema>;
