import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { DocumentVersionsTable, DocumentsTable } from './document.tables.ts';

export type DocumentRow = Selectable<DocumentsTable>;
export type VersionRow = Selectable<DocumentVersionsTable>;

/** A where-clause over a query that includes the `documents` table. */
export type DocumentFilter = (eb: ExpressionBuilder<Database, 'documents'>) => Expression<SqlBool>;

// The lookups of every document call are prepared once (see preparedQuery).
const documentById = preparedQuery((db: Kysely<Database>, id: string) => db.selectFrom('documents').selectAll().where('id', '=', id));

export async function findDocumentById(db: Kysely<Database>, id: string): Promise<DocumentRow | undefined> {
  return (await documentById(db, id))[0];
}

export async function findDocumentByServiceRef(db: Kysely<Database>, serviceRef: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('serviceRef', '=', serviceRef).executeTakeFirst();
}

const versionById = preparedQuery((db: Kysely<Database>, id: string) => db.selectFrom('document_versions').selectAll().where('id', '=', id));

export async function findVersionById(db: Kysely<Database>, id: string): Promise<VersionRow | undefined> {
  return (await versionById(db, id))[0];
}

export async function findVersionByLabel(
  db: Kysely<Database>,
  documentId: string,
  resourceVersion: string,
): Promise<VersionRow | undefined> {
  return db
    .selectFrom('document_versions')
    .selectAll()
    .where('documentId', '=', documentId)
    .where('resourceVersion', '=', resourceVersion)
    .executeTakeFirst();
}

/** Whether the document passes the filter (the access rules live in the filter, not here). */
export async function documentMatches(db: Kysely<Database>, id: string, filter: DocumentFilter): Promise<boolean> {
  const row = await db.selectFrom('documents').select('documents.id').where('documents.id', '=', id).where(filter).executeTakeFirst();
  return row !== undefined;
}

/** Versions of a document, newest published first; only published ones unless `includeUnpublished`. */
export async function listVersions(
  db: Kysely<Database>,
  documentId: string,
  includeUnpublished: boolean,
): Promise<VersionRow[]> {
  return includeUnpublished ? allVersions(db, documentId) : publishedVersions(db, documentId);
}

const newestFirst = (db: Kysely<Database>, documentId: string) =>
  db.selectFrom('document_versions').selectAll().where('documentId', '=', documentId).orderBy('publishedAt', 'desc').orderBy('createdAt', 'desc').orderBy('id', 'desc');
const allVersions = preparedQuery(newestFirst);
const publishedVersions = preparedQuery((db: Kysely<Database>, documentId: string) => newestFirst(db, documentId).where('status', '=', 'published'));

const typeName = preparedQuery((db: Kysely<Database>, code: string) => db.selectFrom('document_types').select('name').where('code', '=', code));

export async function findTypeName(db: Kysely<Database>, code: string): Promise<string | undefined> {
  return (await typeName(db, code))[0]?.name;
}

const productsOf = preparedQuery((db: Kysely<Database>, documentId: string) =>
  db
    .selectFrom('document_products')
    .innerJoin('products', 'products.code', 'document_products.productCode')
    .select(['products.code', 'products.name'])
    .where('document_products.documentId', '=', documentId)
    .orderBy('products.name'),
);

export async function listProducts(db: Kysely<Database>, documentId: string): Promise<Array<{ code: string; name: string }>> {
  return productsOf(db, documentId);
}

/** The other documents of a variant group that pass the filter, by language. */
export async function listVariants(
  db: Kysely<Database>,
  document: Pick<DocumentRow, 'id' | 'variantGroup'>,
  filter: DocumentFilter,
): Promise<Array<Pick<DocumentRow, 'id' | 'serviceRef' | 'title' | 'languageCode'>>> {
  return db
    .selectFrom('documents')
    .select(['documents.id', 'documents.serviceRef', 'documents.title', 'documents.languageCode'])
    .where('documents.variantGroup', '=', document.variantGroup)
    .where('documents.id', '!=', document.id)
    .where(filter)
    .orderBy('documents.languageCode')
    .orderBy('documents.id')
    .execute();
}

/** The ids among `ids` that name a document. */
export async function existingDocumentIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('documents').select('id').where('id', 'in', [...ids]).execute();
  return new Set(rows.map((row) => row.id));
}

/** Grants (or renews) a named user's access to documents; one rule per document and e-mail. */
export async function upsertUserGrants(
  db: Kysely<Database>,
  grant: { documentIds: readonly string[]; email: string; expiresAt: string | null; grantedBy: string },
): Promise<void> {
  const createdAt = new Date().toISOString();
  await db
    .insertInto('document_access')
    .values(
      grant.documentIds.map((documentId) => ({
        documentId,
        kind: 'user' as const,
        value: grant.email,
        expiresAt: grant.expiresAt,
        grantedBy: grant.grantedBy,
        createdAt,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['documentId', 'kind', 'value']).doUpdateSet((eb) => ({
        expiresAt: eb.ref('excluded.expiresAt'),
        grantedBy: eb.ref('excluded.grantedBy'),
      })),
    )
    .execute();
}

/** Product codes of each document, by document id. */
export async function productCodesByDocument(db: Kysely<Database>, documentIds: readonly string[]): Promise<Map<string, string[]>> {
  const byDocument = new Map<string, string[]>();
  if (documentIds.length === 0) return byDocument;
  const rows = await db
    .selectFrom('document_products')
    .select(['documentId', 'productCode'])
    .where('documentId', 'in', [...documentIds])
    .orderBy('productCode')
    .execute();
  for (const row of rows) byDocument.set(row.documentId, [...(byDocument.get(row.documentId) ?? []), row.productCode]);
  return byDocument;
}

/** Display names of the document types and products with these codes. */
export async function referenceNames(
  db: Kysely<Database>,
  codes: { types: readonly string[]; products: readonly string[] },
): Promise<{ types: Map<string, string>; products: Map<string, string> }> {
  const [types, products] = await Promise.all([
    codes.types.length > 0 ? db.selectFrom('document_types').select(['code', 'name']).where('code', 'in', [...codes.types]).execute() : [],
    codes.products.length > 0 ? db.selectFrom('products').select(['code', 'name']).where('code', 'in', [...codes.products]).execute() : [],
  ]);
  return {
    types: new Map(types.map((row) => [row.code, row.name])),
    products: new Map(products.map((row) => [row.code, row.name])),
  };
}

/** Stores the extracted text of a version inside the caller's transaction (reindex the document afterwards). */
export async function upsertVersionText(db: Kysely<Database>, versionId: string, body: string): Promise<void> {
  await db
    .insertInto('document_texts')
    .values({ versionId, body })
    .onConflict((conflict) => conflict.column('versionId').doUpdateSet({ body }))
    .execute();
}

/** Whether any document names this e-mail in a 'user' rule (expired ones included). */
export async function hasUserGrants(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('document_access')
    .select('documentId')
    .where('kind', '=', 'user')
    .where('value', '=', email.toLowerCase())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A published document with its current version: what a card (favourite, search result) shows. */
export interface DocumentCardRow {
  id: string;
  serviceRef: string;
  title: string;
  typeCode: string;
  languageCode: string;
  downloadable: number;
  fileName: string;
  resourceVersion: string;
  thumbnailKey: string | null;
}

/** The documents among `ids` that pass `visible`, with their current version: what a favourite shows. */
export async function findFavoriteDocuments(
  db: Kysely<Database>,
  ids: readonly string[],
  visible: DocumentFilter,
): Promise<DocumentCardRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('documents')
    .innerJoin('document_versions', 'document_versions.id', 'documents.currentVersionId')
    .select([
      'documents.id', 'documents.serviceRef', 'documents.title', 'documents.typeCode', 'documents.languageCode',
      'documents.downloadable', 'document_versions.fileName', 'document_versions.resourceVersion', 'document_versions.thumbnailKey',
    ])
    .where('documents.id', 'in', [...new Set(ids)])
    .where(visible)
    .execute();
}
