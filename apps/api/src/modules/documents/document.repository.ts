import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool } from 'kysely';
import type { Database, DocumentsTable, DocumentVersionsTable } from '../../db/schema.ts';

export type DocumentRow = Selectable<DocumentsTable>;
export type VersionRow = Selectable<DocumentVersionsTable>;

/** A where-clause over a query that includes the `documents` table. */
export type DocumentFilter = (eb: ExpressionBuilder<Database, 'documents'>) => Expression<SqlBool>;

export async function findDocumentById(db: Kysely<Database>, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDocumentByServiceRef(db: Kysely<Database>, serviceRef: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('serviceRef', '=', serviceRef).executeTakeFirst();
}

export async function findVersionById(db: Kysely<Database>, id: string): Promise<VersionRow | undefined> {
  return db.selectFrom('document_versions').selectAll().where('id', '=', id).executeTakeFirst();
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
  let query = db.selectFrom('document_versions').selectAll().where('documentId', '=', documentId);
  if (!includeUnpublished) query = query.where('status', '=', 'published');
  return query.orderBy('publishedAt', 'desc').orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}
