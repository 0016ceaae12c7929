import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/*
 * What the alerts read of documents, their versions and the products: who follows what is the alerts'
 * business, the rows followed are the documents module's, so the queries live here.
 */

/** The access fields of a document (as the access engine reads them) and its title. */
export async function findFollowableDocument(db: Kysely<Database>, id: string) {
  return db.selectFrom('documents').select(['id', 'title', 'audience', 'status', 'currentVersionId']).where('id', '=', id).executeTakeFirst();
}

/** Whether the document passes the access filter (a where-clause over `documents`). */
export async function documentPasses(db: Kysely<Database>, id: string, filter: Expression<SqlBool>): Promise<boolean> {
  const row = await db.selectFrom('documents').select('documents.id').where('documents.id', '=', id).where(filter).executeTakeFirst();
  return row !== undefined;
}

/** A product by its code (its name is the title of a follow). */
export async function findProduct(db: Kysely<Database>, code: string) {
  return db.selectFrom('products').select(['code', 'name']).where('code', '=', code).executeTakeFirst();
}

/** A published version and what the fan-out needs of its document: access fields, grants, products. */
export async function findPublication(db: Kysely<Database>, versionId: string) {
  const version = await db
    .selectFrom('document_versions')
    .innerJoin('documents', 'documents.id', 'document_versions.documentId')
    .select([
      'document_versions.id as versionId',
      'document_versions.resourceVersion',
      'document_versions.changeNote',
      'document_versions.significant',
      'document_versions.status as versionStatus',
      'document_versions.createdAt as versionCreatedAt',
      'documents.id as documentId',
      'documents.serviceRef',
      'documents.title',
      'documents.typeCode',
      'documents.languageCode',
      'documents.audience',
      'documents.status',
      'documents.currentVersionId',
      'documents.createdAt as documentCreatedAt',
    ])
    .where('document_versions.id', '=', versionId)
    .executeTakeFirst();
  if (!version) return undefined;
  const [products, grants] = await Promise.all([
    db.selectFrom('document_products').select('productCode').where('documentId', '=', version.documentId).execute(),
    db.selectFrom('document_access').select(['kind', 'value', 'expiresAt']).where('documentId', '=', version.documentId).execute(),
  ]);
  const { documentCreatedAt, versionCreatedAt, ...facts } = version;
  // Publishing writes a new document and its first version in one transaction, with one timestamp.
  return { ...facts, productCodes: products.map((row) => row.productCode), grants, isFirstVersion: versionCreatedAt === documentCreatedAt };
}

export type Publication = NonNullable<Awaited<ReturnType<typeof findPublication>>>;

/** Whether the version is still published (a mail is not sent for a withdrawn one). */
export async function isVersionPublished(db: Kysely<Database>, versionId: string): Promise<boolean> {
  const row = await db.selectFrom('document_versions').select('id').where('id', '=', versionId).where('status', '=', 'published').executeTakeFirst();
  return row !== undefined;
}
