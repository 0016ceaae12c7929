import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { DocumentFilter } from './document.repository.ts';
import type { DocumentsTable, DocumentVersionsTable } from './document.tables.ts';
import { readerFileName } from './reader-file-name.ts';

/*
 * What other modules read of documents and their versions (software's release notes, the previews'
 * stored files, the documents that apply to a unit): the documents module owns these tables, so the
 * queries live here.
 */

export interface ReleaseNotesRow {
  documentId: string;
  serviceRef: string;
  title: string;
  /** The name readers get the document's current version under (never the uploaded one). */
  fileName: string;
}

/** The release-notes documents among `documentIds` that pass `filter` (the user's document access; all when absent), by id. */
export async function findReleaseNotes(
  db: Kysely<Database>,
  documentIds: readonly string[],
  filter?: DocumentFilter,
): Promise<Map<string, ReleaseNotesRow>> {
  if (documentIds.length === 0) return new Map();
  let query = db
    .selectFrom('documents')
    .innerJoin('document_versions', 'document_versions.id', 'documents.currentVersionId')
    .select(['documents.id as documentId', 'documents.serviceRef', 'documents.title', 'document_versions.fileName'])
    .where('documents.id', 'in', [...new Set(documentIds)]);
  if (filter) query = query.where(filter);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.documentId, { ...row, fileName: readerFileName(row, row.fileName) }]));
}

/** The video poster stored for a file, from any version that holds these bytes and has one. */
export async function findPosterKey(db: Kysely<Database>, storageKey: string): Promise<string | null> {
  const row = await db
    .selectFrom('document_versions')
    .select('posterKey')
    .where('storageKey', '=', storageKey)
    .where('posterKey', 'is not', null)
    .executeTakeFirst();
  return row?.posterKey ?? null;
}

/** The document versions that hold a stored file (the same bytes may back several versions). */
export async function listVersionIdsHolding(db: Kysely<Database>, storageKey: string): Promise<string[]> {
  const rows = await db.selectFrom('document_versions').select('id').where('storageKey', '=', storageKey).execute();
  return rows.map((row) => row.id);
}

/** A document as the machine passport lists it. */
export type ApplicableDocumentRow = Pick<
  Selectable<DocumentsTable>,
  'id' | 'serviceRef' | 'title' | 'typeCode' | 'languageCode' | 'variantGroup' | 'currentVersionId' | 'downloadable' | 'status'
>;
/** A version as the machine passport lists it. */
export type ApplicableVersionRow = Pick<
  Selectable<DocumentVersionsTable>,
  'id' | 'documentId' | 'resourceVersion' | 'publishedAt' | 'fileName' | 'status' | 'sha256' | 'storageKey' | 'size' | 'mediaType'
>;

const documentColumns = [
  'documents.id', 'documents.serviceRef', 'documents.title', 'documents.typeCode', 'documents.languageCode',
  'documents.variantGroup', 'documents.currentVersionId', 'documents.downloadable', 'documents.status',
] as const;

/** The documents among `ids` that pass `visible` (the user's document access), by serviceRef. */
export async function visibleDocuments(db: Kysely<Database>, ids: readonly string[], visible: DocumentFilter): Promise<ApplicableDocumentRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('documents').select(documentColumns).where('documents.id', 'in', [...new Set(ids)]).where(visible).orderBy('documents.serviceRef').execute();
}

/** The visible documents of these variant groups in one language (the language variants of applicable documents). */
export async function visibleVariants(
  db: Kysely<Database>,
  variantGroups: readonly string[],
  languageCode: string,
  visible: DocumentFilter,
): Promise<ApplicableDocumentRow[]> {
  if (variantGroups.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(documentColumns)
    .where('documents.variantGroup', 'in', [...new Set(variantGroups)])
    .where('documents.languageCode', '=', languageCode)
    .where(visible)
    .orderBy('documents.serviceRef')
    .execute();
}

/** Every version of these documents (withdrawn ones too), newest first. */
export async function versionsOf(db: Kysely<Database>, documentIds: readonly string[]): Promise<ApplicableVersionRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .selectFrom('document_versions')
    .select(['id', 'documentId', 'resourceVersion', 'publishedAt', 'fileName', 'status', 'sha256', 'storageKey', 'size', 'mediaType'])
    .where('documentId', 'in', [...new Set(documentIds)])
    .orderBy('publishedAt', 'desc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A version with its document, as the jobs console names what a job works on. */
export interface VersionSubjectRow {
  documentId: string;
  serviceRef: string;
  title: string;
  versionId: string;
  resourceVersion: string;
  fileName: string;
}

/** The versions (and their documents) among these ids. */
export async function versionSubjects(db: Kysely<Database>, versionIds: readonly string[]): Promise<VersionSubjectRow[]> {
  if (versionIds.length === 0) return [];
  return db
    .selectFrom('document_versions as v')
    .innerJoin('documents as d', 'd.id', 'v.documentId')
    .select(['d.id as documentId', 'd.serviceRef', 'd.title', 'v.id as versionId', 'v.resourceVersion', 'v.fileName'])
    .where('v.id', 'in', [...versionIds])
    .execute();
}
