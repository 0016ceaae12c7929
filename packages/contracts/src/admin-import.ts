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

/**
 * What becomes of the documents an import creates: drafts for a publisher to review (the default), published
 * at once (`now`), or scheduled (`{ at }`, a future time). New versions of documents already there keep their
 * document's state.
 */
export const importPublicationSchema = z.union([z.literal('draft'), z.literal('now'), z.object({ at: z.iso.datetime({ offset: true }) })]);
export type ImportPublicationBody = z.infer<typeof importPublicationSchema>;

const importOptions = {
  /** Only say what the import would do (`POST` answers 200 with the preview): nothing is created, stored or announced. */
  dryRun: z.boolean().default(false),
  publication: importPublicationSchema.default('draft'),
};

/** The `metadata` field of `POST /api/Admin/imports`. */
export const adminImportMetadataSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('zip'), ...importOptions }),
  z.object({
    kind: z.literal('folder'),
    ...importOptions,
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
  /** Of a file added: its document, and whether the file made it or a new version of it. */
  documentId: z.string().optional(),
  created: z.enum(['document', 'version']).optional(),
  serviceRef: z.string().optional(),
  title: z.string().optional(),
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

/** What the dry run says of one file: a new document, a new version of one, skipped (there with the same bytes), or refused and why. */
export const importPreviewFileSchema = z.object({
  path: z.string(),
  action: z.enum(['document', 'version', 'skip', 'refuse']),
  reason: z.string().optional(),
  /** The metadata the file would come in with (read from its place and name, its own title, the reference scheme). */
  serviceRef: z.string(),
  title: z.string(),
  typeCode: z.string(),
  languageCode: z.string(),
  products: z.array(z.string()),
  resourceVersion: z.string(),
});
export type ImportPreviewFile = z.infer<typeof importPreviewFileSchema>;

/** The answer of `POST /api/Admin/imports` with `dryRun` (200): what the import would do; nothing was created. */
export const importPreviewSchema = z.object({
  source: z.string(),
  kind: z.enum(['zip', 'folder']),
  summary: z.object({ documents: z.number().int(), versions: z.number().int(), skipped: z.number().int(), refused: z.number().int() }),
  files: z.array(importPreviewFileSchema),
  notImportable: z.array(z.string()),
  ignoredFolders: z.array(z.object({ folder: z.string(), files: z.number().int() })),
  /** Document types and products the import would create. */
  created: z.array(z.string()),
});
export type ImportPreviewBody = z.infer<typeof importPreviewSchema>;

/** One document an import created, as its review list shows it (`GET /api/Admin/imports/{id}/documents`). */
export const importedDocumentSchema = z.object({
  id: z.string(),
  serviceRef: z.string(),
  title: z.string(),
  typeCode: z.string(),
  languageCode: z.string(),
  products: z.array(z.string()),
  status: z.enum(['published', 'unpublished', 'scheduled']),
  scheduledAt: z.string().nullable(),
  /** The file it came from, inside the zip or folder. */
  path: z.string(),
});
export type ImportedDocument = z.infer<typeof importedDocumentSchema>;
export const importedDocumentsSchema = z.object({ items: z.array(importedDocumentSchema) });
export type ImportedDocuments = z.infer<typeof importedDocumentsSchema>;

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
  /** What becomes of the documents it creates. */
  publication: importPublicationSchema,
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
