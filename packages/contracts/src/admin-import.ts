import { z } from 'zod';

/*
 * Imports from the browser (`/api/Admin/imports`, publishers and admins): a zip or a folder's files
 * sent in one multipart request become an import job that runs the bulk import's rules (`npm run
 * import`), with its progress and a report of every file.
 *
 * The request is multipart/form-data: a `metadata` field (JSON, adminImportMetadataSchema) first,
 * then the `file` parts: the zip, or the folder's files in the order of `paths`.
 */

/** Bounds of one import; each file is also bounded by the server's upload limit. */
export const adminImportLimits = {
  /** Files in the folder or entries in the zip. */
  maxFiles: 10_000,
  /** Bytes of all files together, unpacked. */
  maxTotalBytes: 20 * 1024 ** 3,
  /** Characters of a file's path inside the folder. */
  maxPathLength: 1_024,
  /** Folders a path goes down. */
  maxDepth: 32,
} as const;

/** The `metadata` field of `POST /api/Admin/imports`. */
export const adminImportMetadataSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('zip') }),
  z.object({
    kind: z.literal('folder'),
    /** The folder's name, shown in the list of imports. */
    source: z.string().trim().min(1).max(200).optional(),
    /** Each file's path inside the folder (`webkitRelativePath` without the folder itself), in the order the files follow. */
    paths: z.array(z.string().max(adminImportLimits.maxPathLength)).min(1).max(adminImportLimits.maxFiles),
  }),
]);
export type AdminImportMetadata = z.infer<typeof adminImportMetadataSchema>;

export const adminImportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export const adminImportStatusSchema = z.enum(adminImportStatuses);
export type AdminImportStatus = z.infer<typeof adminImportStatusSchema>;

export const importFileOutcomes = ['added', 'skipped', 'refused', 'failed'] as const;

/** What became of one file: `refused` when no viewer could show it, `failed` on any other error (the reason says why). */
export const importFileResultSchema = z.object({
  path: z.string(),
  outcome: z.enum(importFileOutcomes),
  reason: z.string().optional(),
});
export type ImportFileResult = z.infer<typeof importFileResultSchema>;

export const importReportSchema = z.object({
  summary: z.object({ added: z.number().int(), skipped: z.number().int(), refused: z.number().int(), failed: z.number().int(), notImportable: z.number().int() }),
  files: z.array(importFileResultSchema),
  /** Files never tried (metadata that cannot be read from the name), with the reason. */
  notImportable: z.array(z.string()),
  /** Folder names that named neither a document type nor a product, with how many files they hold. */
  ignoredFolders: z.array(z.object({ folder: z.string(), files: z.number().int() })),
  /** Document types and products the import created. */
  created: z.array(z.string()),
});
export type ImportReportBody = z.infer<typeof importReportSchema>;

export const adminImportSummarySchema = z.object({
  id: z.string(),
  /** The zip's file name or the folder's name. */
  source: z.string(),
  kind: z.enum(['zip', 'folder']),
  status: adminImportStatusSchema,
  /** Files finished and files to import: the progress bar. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  counts: z.object({ added: z.number().int(), skipped: z.number().int(), refused: z.number().int(), failed: z.number().int() }),
  /** Why the import as a whole failed (null otherwise). */
  error: z.string().nullable(),
  /** E-mail of the staff member who sent it. */
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AdminImportSummary = z.infer<typeof adminImportSummarySchema>;

/** `GET /api/Admin/imports/{id}`: the import with its report once it has finished. */
export const adminImportSchema = adminImportSummarySchema.extend({ report: importReportSchema.nullable() });
export type AdminImport = z.infer<typeof adminImportSchema>;

export const adminImportPageSizeMax = 100;

export const adminImportListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(adminImportPageSizeMax).default(20),
});

/** `GET /api/Admin/imports`: the recent imports, newest first. */
export const adminImportPageSchema = z.object({
  items: z.array(adminImportSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminImportPage = z.infer<typeof adminImportPageSchema>;

export const adminImportParamsSchema = z.object({ id: z.uuid() });

/** The answer of `POST /api/Admin/imports` (202): the import waits for its job. */
export const adminImportAcceptedSchema = adminImportSummarySchema;
