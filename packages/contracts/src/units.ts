import { z } from 'zod';
import { languageCodeSchema } from './admin-documents.ts';
import { translationStatusSchema } from './documents.ts';
import { softwareStatusSchema } from './software.ts';

/*
 * The machine passport: installed units (one machine each, by serial number), the documents that
 * apply to them, their identification link and label, notices, and the offline package.
 */

/** Serial numbers appear in URLs (`/id/{serial}`, `/units/{serial}`): letters, digits, `.`, `_`, `-`. */
export const serialNumberSchema = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'is not a serial number');
const codeSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, 'is not a code');
export const accountSchema = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'is not an account');

export const unitParamsSchema = z.object({ serial: serialNumberSchema });
export type UnitParams = z.infer<typeof unitParamsSchema>;

/**
 * GET /api/Units/{serial}?language=&packageVersion= : `language` of the offline package whose version
 * the answer gives (English when absent); `packageVersion` of a package downloaded earlier, to learn
 * whether it is out of date.
 */
export const unitDetailQuerySchema = z.object({
  language: languageCodeSchema.default('en'),
  packageVersion: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?\.[0-9a-f]{16}$/, 'is not a package version').optional(),
});
export type UnitDetailQuery = z.infer<typeof unitDetailQuerySchema>;

/** GET /api/Units/{serial}/package?language= (the reader's language, from Accept-Language, when absent). */
export const unitPackageQuerySchema = z.object({ language: languageCodeSchema.optional() });
export type UnitPackageQuery = z.infer<typeof unitPackageQuerySchema>;

export const unitOptionSchema = z.object({ code: z.string(), label: z.string() });

export const unitSummarySchema = z.object({
  serialNumber: z.string(),
  model: z.object({ code: z.string(), name: z.string() }),
  options: z.array(unitOptionSchema),
  account: z.string(),
  siteName: z.string().nullable(),
  shippedAt: z.string(),
  /** Partner accounts that serve this unit (and so may see it). */
  servicePartners: z.array(z.string()),
  /** The URL printed on the machine (IEC 61406 identification link). */
  identificationLink: z.string(),
  openNotices: z.number().int(),
});
export type UnitSummary = z.infer<typeof unitSummarySchema>;

export const unitListResponseSchema = z.object({ items: z.array(unitSummarySchema), total: z.number().int() });
export type UnitListResponse = z.infer<typeof unitListResponseSchema>;

export const unitDocumentVersionSchema = z.object({
  versionId: z.string(),
  resourceVersion: z.string(),
  publishedAt: z.string(),
  fileName: z.string(),
  /** False for a withdrawn version (staff see those, and the people who may see a unit still relying on it). */
  published: z.boolean(),
  /** For a withdrawn version kept for this unit: the date (YYYY-MM-DD) until which it stays readable for it; null otherwise. */
  keptUntil: z.string().nullable(),
});

export const unitDocumentSchema = z.object({
  id: z.string(),
  serviceRef: z.string(),
  title: z.string(),
  typeCode: z.string(),
  languageCode: z.string(),
  /** Whether its files may be downloaded and printed (otherwise only viewed). */
  downloadable: z.boolean(),
  current: unitDocumentVersionSchema,
  /** The version that was current when the unit shipped, when it is not the current one (null otherwise). */
  atShipment: unitDocumentVersionSchema.nullable(),
  /** Of a translation: whether it is behind its source (null on a source; absent where not computed). */
  translation: translationStatusSchema.nullable().optional(),
});
export type UnitDocument = z.infer<typeof unitDocumentSchema>;

export const unitSoftwareSchema = z.object({
  equipmentName: z.string(),
  name: z.string(),
  category: z.string(),
  newestVersion: z.object({ number: z.string(), releaseDate: z.string(), status: softwareStatusSchema }).nullable(),
  /** Release notes of the newest version, when the user may read them. */
  releaseNotes: z.object({ documentId: z.string(), serviceRef: z.string(), title: z.string() }).nullable(),
});

export const unitCadSetSchema = z.object({
  /** The favourite id of the set (`set:<model>:<options>`). */
  favoriteId: z.string(),
  configurationId: z.string(),
  title: z.string(),
  /** `downloadZip` filePath of the whole set. */
  zipPath: z.string(),
});

export const noticeKinds = ['safety', 'change'] as const;
export const noticeKindSchema = z.enum(noticeKinds);

export const unitNoticeSchema = z.object({
  id: z.string(),
  kind: noticeKindSchema,
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
  /** The language of this title and body: the reader's where the notice has it, its source language otherwise. */
  language: z.string(),
  /** The language the notice was written in. */
  sourceLanguage: z.string(),
});
export type UnitNotice = z.infer<typeof unitNoticeSchema>;

export const unitDetailSchema = unitSummarySchema.extend({
  documents: z.array(unitDocumentSchema),
  /** Documents of this unit only (as-built drawings, test certificates …). */
  ownDocuments: z.array(unitDocumentSchema),
  /**
   * The EU declaration(s) of conformity that apply (type `declarationOfConformity`), each in `language`
   * where a variant exists, in another language otherwise (its `languageCode` says which).
   */
  declarations: z.array(unitDocumentSchema),
  software: z.array(unitSoftwareSchema),
  cadSet: unitCadSetSchema.nullable(),
  notices: z.array(unitNoticeSchema),
  offlinePackage: z.object({
    /** The current version of the package in the language asked for (`<language>.<fingerprint>`). */
    version: z.string(),
    /** Whether the package version passed as `packageVersion` is out of date (null when none was passed). */
    outdated: z.boolean().nullable(),
  }),
});
export type UnitDetail = z.infer<typeof unitDetailSchema>;

/**
 * GET /api/Units/{serial}/files/{versionId}?disposition=&language= : a signed URL of one version the
 * unit page lists to this user (withdrawn ones kept for the unit included), `inline` to view or print,
 * `attachment` to save (recorded in the download history; refused for a view-only document).
 * `language` is the page's, whose declaration variants count too.
 */
export const unitFileParamsSchema = z.object({ serial: serialNumberSchema, versionId: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'is not a version id') });
export const unitFileQuerySchema = z.object({ disposition: z.enum(['inline', 'attachment']).default('inline'), language: languageCodeSchema.default('en') });
export const unitFileUrlSchema = z.object({ downloadUrl: z.string() });
export type UnitFileUrl = z.infer<typeof unitFileUrlSchema>;

/** POST /api/Units/labels.pdf */
export const maxLabelsPerPdf = 200;
export const unitLabelsBodySchema = z.object({ serials: z.array(serialNumberSchema).min(1).max(maxLabelsPerPdf) });

/** POST /api/Admin/units/import (text/csv): what was imported and every problem, by line. */
export const unitImportProblemSchema = z.object({ line: z.number().int(), serialNumber: z.string().nullable(), message: z.string() });
export const unitImportResponseSchema = z.object({ imported: z.number().int(), problems: z.array(unitImportProblemSchema) });
export type UnitImportResponse = z.infer<typeof unitImportResponseSchema>;

/** One rule of where a document applies: a product, optionally narrowed to an option code and a serial range. */
export const applicabilityRuleSchema = z
  .object({
    product: codeSchema,
    option: codeSchema.nullable().default(null),
    serialFrom: serialNumberSchema.nullable().default(null),
    serialTo: serialNumberSchema.nullable().default(null),
  })
  .refine((rule) => !rule.serialFrom || !rule.serialTo || rule.serialFrom <= rule.serialTo, { message: 'serialFrom is after serialTo', path: ['serialTo'] });

/** PUT /api/Admin/units/applicability/{documentId}: replaces where the document applies (or the one unit it belongs to). */
export const applicabilityBodySchema = z
  .object({
    rules: z.array(applicabilityRuleSchema).max(200).default([]),
    unit: serialNumberSchema.nullable().default(null),
  })
  .refine((body) => !(body.unit && body.rules.length > 0), { message: 'A document of one unit has no other rules', path: ['rules'] });
export type ApplicabilityBody = z.infer<typeof applicabilityBodySchema>;
export const applicabilityParamsSchema = z.object({ documentId: z.string().min(1).max(100) });
export const applicabilityResponseSchema = z.object({
  documentId: z.string(),
  rules: z.array(z.object({ product: z.string(), option: z.string().nullable(), serialFrom: z.string().nullable(), serialTo: z.string().nullable() })),
  unit: z.string().nullable(),
});
export type ApplicabilityResponse = z.infer<typeof applicabilityResponseSchema>;

/** The same notice in another language than its source. */
export const maxNoticeTranslations = 20;
export const noticeTranslationSchema = z.object({
  language: languageCodeSchema,
  title: z.string().trim().min(1).max(300),
  body: z.string().trim().max(5000).default(''),
});
export type NoticeTranslation = z.infer<typeof noticeTranslationSchema>;
const noticeTranslationsSchema = z
  .array(noticeTranslationSchema)
  .max(maxNoticeTranslations)
  .refine((list) => new Set(list.map((entry) => entry.language)).size === list.length, { message: 'Give each language once' });

/** POST /api/Admin/units/notices */
export const createNoticeBodySchema = z
  .object({
    kind: noticeKindSchema,
    /** The language the notice is written in. */
    language: languageCodeSchema.default('en'),
    title: z.string().trim().min(1).max(300),
    body: z.string().trim().max(5000).default(''),
    /** The same notice in other languages (not its own). */
    translations: noticeTranslationsSchema.default([]),
    product: codeSchema,
    serialFrom: serialNumberSchema.nullable().default(null),
    serialTo: serialNumberSchema.nullable().default(null),
    /** The notice concerns only units having all of these options. */
    options: z.array(codeSchema).max(20).default([]),
  })
  .refine((notice) => !notice.serialFrom || !notice.serialTo || notice.serialFrom <= notice.serialTo, { message: 'serialFrom is after serialTo', path: ['serialTo'] })
  .refine((notice) => notice.translations.every((entry) => entry.language !== notice.language), { message: 'A translation is in another language than the notice', path: ['translations'] });
export type CreateNoticeBody = z.infer<typeof createNoticeBodySchema>;
/** PUT /api/Admin/units/notices/{id}/translations/{language}: adds or replaces the notice's text in that language. */
export const noticeTranslationParamsSchema = z.object({ id: z.string().min(1).max(100), language: languageCodeSchema });
export const noticeTranslationBodySchema = noticeTranslationSchema.omit({ language: true });
export type NoticeTranslationBody = z.infer<typeof noticeTranslationBodySchema>;
export const noticeParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const adminNoticeSchema = unitNoticeSchema.extend({
  product: z.string(),
  serialFrom: z.string().nullable(),
  serialTo: z.string().nullable(),
  options: z.array(z.string()),
  closedAt: z.string().nullable(),
  translations: z.array(z.object({ language: z.string(), title: z.string(), body: z.string() })),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

/** GET /api/Admin/units: the console's paged list of every unit. */
export const adminUnitPageSizeMax = 100;
export const adminUnitListQuerySchema = z.object({
  /** Part of the serial number, model code or account, case-insensitive, taken literally. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(adminUnitPageSizeMax).default(25),
});
export type AdminUnitListQuery = z.infer<typeof adminUnitListQuerySchema>;

/** PATCH /api/Admin/units/{serial}: the fields given replace the unit's (`servicePartners` replaces the whole list). */
export const updateUnitBodySchema = z
  .object({
    /** A new serial number: only for a unit whose label was never produced (409 once it was). */
    serialNumber: serialNumberSchema,
    model: codeSchema,
    options: z.array(codeSchema).max(40),
    account: accountSchema,
    /** YYYY-MM-DD (midnight UTC) or an ISO time. */
    shippedAt: z.string().trim().max(40),
    siteName: z.string().trim().max(200).nullable(),
    servicePartners: z.array(accountSchema).max(50),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Give at least one field to change' });
export type UpdateUnitBody = z.infer<typeof updateUnitBodySchema>;
export type NoticeKind = z.infer<typeof noticeKindSchema>;
