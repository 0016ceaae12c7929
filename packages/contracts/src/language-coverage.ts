import { z } from 'zod';

/*
 * The language coverage report of the publishing console (publishers and admins): per product and document type,
 * whether each content language has a current published document, one behind its source (by how many significant
 * revisions), or none. `GET /api/Admin/language-coverage` answers it as JSON, or as CSV with `format=csv`.
 * A market is a configured set of languages (MARKETS); filtering by one keeps its languages as the columns.
 */

const code = z.string().trim().min(1).max(200);

export const languageCoverageFormats = ['json', 'csv'] as const;

/** GET /api/Admin/language-coverage?market=&product=&format= */
export const languageCoverageQuerySchema = z.object({
  /** A configured market's id: only its languages as columns (unknown → 400). */
  market: code.optional(),
  /** Only this product (code). */
  product: code.optional(),
  format: z.enum(languageCoverageFormats).default('json'),
});
export type LanguageCoverageQuery = z.input<typeof languageCoverageQuerySchema>;

export const coverageStatuses = ['current', 'behind', 'missing'] as const;
export const coverageStatusSchema = z.enum(coverageStatuses);
export type CoverageStatus = z.infer<typeof coverageStatusSchema>;

/**
 * One language of a product × document type: `missing` when no published document of the type is in the language;
 * `behind` when one there is a translation behind its source (a product may have several documents of a type, each
 * with its translations: a current one of another does not hide it); else `current`.
 */
export const coverageCellSchema = z.object({
  language: z.string(),
  status: coverageStatusSchema,
  /** Of a `behind` cell: how many significant revisions of the source are newer than the one the translation follows. */
  revisionsBehind: z.number().int().min(1).optional(),
  /** The document the cell stands for (`current` or `behind`; of `behind`, the one furthest behind). */
  documentId: z.string().optional(),
});
export type CoverageCell = z.infer<typeof coverageCellSchema>;

const namedSchema = z.object({ code: z.string(), name: z.string() });

export const coverageRowSchema = z.object({
  product: namedSchema,
  documentType: namedSchema,
  /** One cell per language of the answer's `languages`, in that order. */
  cells: z.array(coverageCellSchema),
});
export type CoverageRow = z.infer<typeof coverageRowSchema>;

export const marketSchema = z.object({
  id: z.string(),
  name: z.string(),
  languages: z.array(z.string()),
});
export type Market = z.infer<typeof marketSchema>;

export const languageCoverageSchema = z.object({
  /** The columns: the market's languages, or every content language (those the documents use and the markets'). */
  languages: z.array(z.string()),
  /** Every configured market, for the filter. */
  markets: z.array(marketSchema),
  /** Products × document types with at least one published document, by product then type. */
  rows: z.array(coverageRowSchema),
});
export type LanguageCoverage = z.infer<typeof languageCoverageSchema>;
