import type { Kysely, Selectable } from 'kysely';
import type { Database, DocumentApplicabilityTable, DocumentsTable, DocumentVersionsTable } from '../../platform/db/schema.ts';
import type { DocumentFilter } from '../documents/index.ts';

export type ApplicabilityRow = Selectable<DocumentApplicabilityTable>;
export type ApplicableDocumentRow = Pick<
  Selectable<DocumentsTable>,
  'id' | 'serviceRef' | 'title' | 'typeCode' | 'languageCode' | 'variantGroup' | 'currentVersionId' | 'downloadable'
>;
export type ApplicableVersionRow = Pick<
  Selectable<DocumentVersionsTable>,
  'id' | 'documentId' | 'resourceVersion' | 'publishedAt' | 'fileName' | 'status' | 'sha256' | 'storageKey' | 'size' | 'mediaType'
>;

/** Where a document applies, as stored. */
export async function listApplicability(db: Kysely<Database>, documentId: string): Promise<ApplicabilityRow[]> {
  return db.selectFrom('document_applicability').selectAll().where('documentId', '=', documentId).orderBy('createdAt').orderBy('id').execute();
}

/** Replaces the document's rules in one transaction. */
export async function replaceApplicability(db: Kysely<Database>, documentId: string, rows: readonly ApplicabilityRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('document_applicability').where('documentId', '=', documentId).execute();
    if (rows.length > 0) await trx.insertInto('document_applicability').values([...rows]).execute();
  });
}

/**
 * The product rules of a model (serial ranges and options are matched in memory: serials compare
 * as plain text there, the same on both engines whatever the database's collation).
 */
export async function productRules(db: Kysely<Database>, productCode: string): Promise<ApplicabilityRow[]> {
  return db.selectFrom('document_applicability').selectAll().where('productCode', '=', productCode).where('unitId', 'is', null).execute();
}

/** The documents that belong to this unit only. */
export async function unitDocumentIds(db: Kysely<Database>, unitId: string): Promise<string[]> {
  const rows = await db.selectFrom('document_applicability').select('documentId').where('unitId', '=', unitId).distinct().execute();
  return rows.map((row) => row.documentId);
}

/** Whether any unit page can reference the document's versions (it has a rule of any kind). */
export async function hasApplicability(db: Kysely<Database>, documentId: string): Promise<boolean> {
  const row = await db.selectFrom('document_applicability').select('id').where('documentId', '=', documentId).limit(1).executeTakeFirst();
  return row !== undefined;
}

const documentColumns = [
  'documents.id', 'documents.serviceRef', 'documents.title', 'documents.typeCode', 'documents.languageCode',
  'documents.variantGroup', 'documents.currentVersionId', 'documents.downloadable',
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
