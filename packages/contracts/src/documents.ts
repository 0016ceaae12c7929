import { z } from 'zod';

export * from './search-highlights.ts';

/** Stable public reference of a document: letters and digits only (the document link splits on `-`). */
export const serviceRefSchema = z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'is not a service reference');
/** A version label such as `A`, `B` or `2.1`. */
export const resourceVersionSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, 'is not a resource version');
const idSchema = z.string().trim().min(1).max(200);

/** The Document of spec §3 (id, fileName, title, downloadableDocument), plus what the viewer and link page need. */
export const documentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  title: z.string(),
  downloadableDocument: z.boolean(),
  serviceRef: z.string(),
  resourceVersion: z.string(),
  versionId: z.string(),
  mediaType: z.string(),
  size: z.number(),
  typeCode: z.string(),
  languageCode: z.string(),
  publishedAt: z.string(),
});
export type PortalDocument = z.infer<typeof documentSchema>;

/**
 * GET /api/Content/documentByServiceRef. Loose on purpose: a missing or malformed reference is
 * answered 404 `invalidParameters` (spec §5), which the service checks with `documentRefSchema`.
 */
export const documentByServiceRefQuerySchema = z.object({ serviceRef: z.unknown(), resourceVersion: z.unknown() }).partial();
export const documentRefSchema = z.object({ serviceRef: serviceRefSchema, resourceVersion: resourceVersionSchema.optional() });
export type DocumentRef = z.infer<typeof documentRefSchema>;

/** `applicationId` names the calling application (spec §7); the API does not use it. */
export const documentQuerySchema = z.object({ applicationId: z.string().optional(), documentId: idSchema });

/** GET /api/Content/pdfPreview: the current version, or `versionId` (a document link to an older version). */
export const pdfPreviewQuerySchema = documentQuerySchema.extend({ versionId: idSchema.optional() });
/** GET /api/Content/pdfPreview: a signed inline URL of the version's PDF (of an image: the image itself). */
export const pdfPreviewResponseSchema = z.object({ downloadUrl: z.string() });
export type PdfPreviewResponse = z.infer<typeof pdfPreviewResponseSchema>;

/** POST /api/Content/download: query; the body is a list with exactly one document id. */
export const downloadQuerySchema = z.object({ applicationId: z.string().optional(), versionId: idSchema.optional() });
export const downloadBodySchema = z.array(idSchema).length(1);

export const productSchema = z.object({ code: z.string(), name: z.string() });

export const documentVersionSchema = z.object({
  id: z.string(),
  resourceVersion: z.string(),
  fileName: z.string(),
  size: z.number(),
  mediaType: z.string(),
  publishedAt: z.string(),
  changeNote: z.string(),
  pageCount: z.number().nullable(),
  /** Unpublished versions are listed to staff only. */
  status: z.enum(['published', 'unpublished']),
  isCurrent: z.boolean(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** Another language of the same document (same variant group), among those the user may see. */
export const documentVariantSchema = z.object({
  id: z.string(),
  serviceRef: z.string(),
  title: z.string(),
  languageCode: z.string(),
});

/**
 * Of a translation: the source language, the source revision it follows and the source's newest significant
 * revision; `behind` when the source has a significant revision newer than the one followed. Null on a source.
 */
export const translationStatusSchema = z.object({
  sourceLanguage: z.string(),
  follows: z.string(),
  /** The source's newest published significant revision (null while it has none). */
  sourceLatest: z.string().nullable(),
  sourceDocumentId: z.string().nullable(),
  behind: z.boolean(),
});
export type TranslationStatus = z.infer<typeof translationStatusSchema>;

/** A published revision of a document, as the viewer's details list shows it. */
export const documentRevisionSchema = z.object({
  id: z.string(),
  resourceVersion: z.string(),
  fileName: z.string(),
  publishedAt: z.string(),
  changeNote: z.string(),
  isCurrent: z.boolean(),
});
export type DocumentRevision = z.infer<typeof documentRevisionSchema>;

/** GET /api/Content/documentData?documentId= */
export const documentDataResponseSchema = z.object({
  id: z.string(),
  serviceRef: z.string(),
  title: z.string(),
  description: z.string(),
  typeCode: z.string(),
  typeName: z.string(),
  languageCode: z.string(),
  downloadableDocument: z.boolean(),
  audience: z.enum(['everyone', 'restricted']),
  /** Staff see unpublished and scheduled documents too (scheduled: published later by a job). */
  status: z.enum(['published', 'unpublished', 'scheduled']),
  currentVersionId: z.string().nullable(),
  products: z.array(productSchema),
  /** Newest first. */
  versions: z.array(documentVersionSchema),
  variants: z.array(documentVariantSchema),
  /** The newest published revision's label and date; null while none is published. */
  revision: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** Published revisions only (also for staff), newest first: what the viewer offers to open. */
  revisions: z.array(documentRevisionSchema),
  translation: translationStatusSchema.nullable(),
});
export type DocumentData = z.infer<typeof documentDataResponseSchema>;

/** GET /api/Content/downloadZip?filePath=documents/<serviceRef>[/<resourceVersion>] */
export const downloadZipQuerySchema = z.object({ filePath: z.string().max(1024) });

/** POST /api/Content/UserDocumentAccess?mail=[&expiresAt=]; body: the document ids. Admin only. */
export const userDocumentAccessQuerySchema = z.object({
  mail: z.string().trim().max(254).pipe(z.email()),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export const userDocumentAccessBodySchema = z.array(idSchema).min(1).max(1000);
export const userDocumentAccessResponseSchema = z.object({
  mail: z.string(),
  expiresAt: z.string().nullable(),
  documentIds: z.array(z.string()),
});
export type UserDocumentAccessResponse = z.infer<typeof userDocumentAccessResponseSchema>;

/** A filter given as repeated parameters (`type=a&type=b`), comma-separated (`type=a,b`), or both. */
const listParameter = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    [value ?? []].flat().flatMap((part) => part.split(',')).map((part) => part.trim()).filter((part) => part !== ''),
  )
  .pipe(z.array(z.string().max(100)).max(50));

export const searchSorts = ['relevance', 'newest', 'title'] as const;

export { maxSearchQueryLength } from './search-limits.ts';

/** GET /api/Content/search. Without `q` the documents are listed newest first. */
export const searchQuerySchema = z.object({
  q: z.string().optional(),
  type: listParameter,
  product: listParameter,
  language: listParameter,
  /** Default: relevance when `q` has words, newest otherwise. */
  sort: z.enum(searchSorts).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
  /** `true`: the words as typed, without corrections of misspellings ("search instead for …"). */
  exact: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;


export const searchItemSchema = z.object({
  id: z.string(),
  serviceRef: z.string(),
  title: z.string(),
  fileName: z.string(),
  typeCode: z.string(),
  languageCode: z.string(),
  resourceVersion: z.string(),
  versionId: z.string(),
  publishedAt: z.string(),
  downloadable: z.boolean(),
  mediaType: z.string(),
  /** Text around the matches, marked with highlightStart/highlightEnd; '' without a query. */
  snippet: z.string(),
  products: z.array(z.string()),
  /** Signed URL of the current version's thumbnail, or null while there is none. */
  thumbnailUrl: z.string().nullable(),
  /** Of a translation: whether it is behind its source (absent where not computed). */
  translation: translationStatusSchema.nullable().optional(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

export const searchFilterNames = ['type', 'product', 'language'] as const;
export type SearchFilterName = (typeof searchFilterNames)[number];

export const searchResponseSchema = z.object({
  items: z.array(searchItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: z.object({
    type: z.array(facetValueSchema),
    product: z.array(facetValueSchema),
    language: z.array(facetValueSchema),
  }),
  /** The query with its misspelt words corrected from the documents' own words, when some were ("Did you mean …"). */
  didYouMean: z.string().optional(),
  /**
   * Only when nothing matches with filters set: how many documents each set filter hides (the
   * total without it), and the total without any filter.
   */
  withoutFilters: z
    .object({
      each: z.array(z.object({ filter: z.enum(searchFilterNames), total: z.number().int() })),
      all: z.number().int(),
    })
    .optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
