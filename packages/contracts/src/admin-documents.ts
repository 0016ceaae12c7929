import { z } from 'zod';
import { resourceVersionSchema, serviceRefSchema } from './documents.ts';
import { roleSchema } from './users.ts';

/*
 * Publishing side of the documents (admin only). Uploads are multipart: a `metadata` field holding
 * the JSON below, and a `file` field with the bytes (metadata first, so bad metadata is refused
 * before any byte is stored).
 */

const codeSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, 'is not a code');
/** Language of a document: ISO 639-1, optionally with a region (`en`, `fr`, `de`, `en-US`). */
export const languageCodeSchema = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'is not a language code such as en or fr-FR');
const isoTime = z.iso.datetime({ offset: true });

/** Who, besides staff, may see a restricted document: a role, a customer account, or a named user until an optional date. */
export const accessRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('role'), value: roleSchema }),
  z.object({ kind: z.literal('account'), value: z.string().trim().min(1).max(100) }),
  z.object({
    kind: z.literal('user'),
    value: z.string().trim().max(254).pipe(z.email()).transform((email) => email.toLowerCase()),
    expiresAt: isoTime.optional(),
  }),
]);
export type AccessRule = z.infer<typeof accessRuleSchema>;

const documentFields = {
  title: z.string().trim().min(1).max(300),
  description: z.string().max(5000),
  typeCode: codeSchema,
  languageCode: languageCodeSchema,
  products: z.array(codeSchema).max(50),
  downloadable: z.boolean(),
  /** 'everyone' signed in, or 'restricted' to staff and the `access` rules. */
  audience: z.enum(['everyone', 'restricted']),
  access: z.array(accessRuleSchema).max(500),
  /** Documents sharing a variant group are language variants of one another; defaults to the serviceRef. */
  variantGroup: codeSchema,
  /** Of a translation: the language of its variant group's source document; null on a source. */
  sourceLanguage: languageCodeSchema.nullable(),
  /** Of a translation: the source revision it was translated from (set together with `sourceLanguage`). */
  followsRevision: resourceVersionSchema.nullable(),
};

const versionFields = {
  resourceVersion: resourceVersionSchema,
  changeNote: z.string().max(5000).default(''),
  /** When the version was published; now by default. The newest published version is the current one. */
  publishedAt: isoTime.optional(),
};

/** Metadata of POST /api/Admin/documents (the document and its first version). */
export const createDocumentMetadataSchema = z.object({
  serviceRef: serviceRefSchema,
  ...documentFields,
  description: documentFields.description.default(''),
  products: documentFields.products.default([]),
  downloadable: documentFields.downloadable.default(true),
  audience: documentFields.audience.default('everyone'),
  access: documentFields.access.default([]),
  variantGroup: documentFields.variantGroup.optional(),
  sourceLanguage: documentFields.sourceLanguage.optional(),
  followsRevision: documentFields.followsRevision.optional(),
  /** A new document is a draft (`unpublished`), hidden from readers until published, unless `published` is asked for. */
  status: z.enum(['published', 'unpublished']).default('unpublished'),
  ...versionFields,
  resourceVersion: versionFields.resourceVersion.default('A'),
});
/** `status` may be left out by callers that build the metadata themselves: a draft, as through the API. */
export type CreateDocumentMetadata = Omit<z.infer<typeof createDocumentMetadataSchema>, 'status'> & { status?: 'published' | 'unpublished' };

/** Metadata of POST /api/Admin/documents/:id/versions (the new version becomes current). */
export const newVersionMetadataSchema = z.object({
  ...versionFields,
  /** A significant change alerts the document's followers; a minor one (a typo fixed) does not. */
  significant: z.boolean().default(true),
  /** Of a translation: the source revision this version was translated from (the document's stays unchanged when left out). */
  followsRevision: resourceVersionSchema.optional(),
});
export type NewVersionMetadata = z.infer<typeof newVersionMetadataSchema>;

/** Body of PATCH /api/Admin/documents/:id: only the fields given change; `access` replaces the rules. */
export const updateDocumentBodySchema = z
  .object(documentFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'names no field to change');
export type UpdateDocumentBody = z.infer<typeof updateDocumentBodySchema>;

/**
 * Body of POST /api/Admin/documents/:id/publish, optional: without `at` the document is published
 * now; with `at` (a future time) it stays hidden as `scheduled` until then.
 */
export const publishDocumentBodySchema = z.object({ at: isoTime.optional() }).nullish();
export type PublishDocumentBody = z.infer<typeof publishDocumentBodySchema>;

/** Most documents one `POST /api/Admin/documents/publish` publishes. */
export const publishManyLimit = 500;

/**
 * Body of POST /api/Admin/documents/publish (a review list's selection): the documents published now, or
 * all scheduled for `at`. Each publication is audited as if published one by one; documents already
 * published (without `at`) are left as they are.
 */
export const publishDocumentsBodySchema = z.object({
  ids: z.array(z.string().min(1).max(200)).min(1).max(publishManyLimit).refine((ids) => new Set(ids).size === ids.length, 'names a document twice'),
  at: isoTime.optional(),
});
export type PublishDocumentsBody = z.infer<typeof publishDocumentsBodySchema>;

/** A document's state: `scheduled` is hidden from readers until its `scheduledAt`. */
export const documentStates = ['published', 'unpublished', 'scheduled'] as const;

export const adminDocumentParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const adminVersionParamsSchema = adminDocumentParamsSchema.extend({ versionId: z.string().min(1).max(200) });

export const adminVersionSchema = z.object({
  id: z.string(),
  resourceVersion: z.string(),
  fileName: z.string(),
  size: z.number(),
  mediaType: z.string(),
  sha256: z.string(),
  status: z.enum(['published', 'unpublished']),
  publishedAt: z.string(),
  changeNote: z.string(),
  significant: z.boolean(),
  /** Until when (YYYY-MM-DD) shipped units rely on the version: it cannot be deleted before; null when no unit does. Only GET /api/Admin/documents/{id} fills it. */
  retainedUntil: z.string().nullable().optional(),
});

/** What every admin document call answers: the document as stored, its rules and versions (newest first). */
export const adminDocumentSchema = z.object({
  id: z.string(),
  serviceRef: z.string(),
  variantGroup: z.string(),
  title: z.string(),
  description: z.string(),
  typeCode: z.string(),
  languageCode: z.string(),
  sourceLanguage: z.string().nullable(),
  followsRevision: z.string().nullable(),
  products: z.array(z.string()),
  downloadable: z.boolean(),
  audience: z.enum(['everyone', 'restricted']),
  access: z.array(z.object({ kind: z.enum(['role', 'account', 'user']), value: z.string(), expiresAt: z.string().nullable() })),
  status: z.enum(documentStates),
  /** When a `scheduled` document is published; null otherwise. */
  scheduledAt: z.string().nullable(),
  currentVersionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  versions: z.array(adminVersionSchema),
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

/** Answer of POST /api/Admin/documents/publish: each document's state afterwards, in the order asked. */
export const publishDocumentsResultSchema = z.object({
  items: z.array(z.object({ id: z.string(), title: z.string(), status: z.enum(documentStates), scheduledAt: z.string().nullable() })),
});
export type PublishDocumentsResult = z.infer<typeof publishDocumentsResultSchema>;
