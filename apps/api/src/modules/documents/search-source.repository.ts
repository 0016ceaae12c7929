import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { DocumentFilter } from './document.repository.ts';

/* What the search index reads of documents: their number, title, state and current text. */

export interface IndexSourceRow {
  serviceRef: string;
  title: string;
  languageCode: string;
  status: string;
  currentVersionId: string | null;
  /** The extracted text of the current version; null when it has none. */
  body: string | null;
}

/** A document as the index is built from it, with the text of its current version; undefined when it is gone. */
export async function findIndexSource(db: Kysely<Database>, documentId: string): Promise<IndexSourceRow | undefined> {
  return db
    .selectFrom('documents')
    .leftJoin('document_texts', 'document_texts.versionId', 'documents.currentVersionId')
    .select(['documents.serviceRef', 'documents.title', 'documents.languageCode', 'documents.status', 'documents.currentVersionId', 'document_texts.body'])
    .where('documents.id', '=', documentId)
    .executeTakeFirst();
}

/** Every document's id, in id order (a rebuild of the index walks them). */
export async function listDocumentIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('documents').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** The extracted text of each version, by version id (for the snippets of a page of results). */
export async function versionTexts(db: Kysely<Database>, versionIds: readonly string[]): Promise<Map<string, string>> {
  if (versionIds.length === 0) return new Map();
  const rows = await db.selectFrom('document_texts').select(['versionId', 'body']).where('versionId', 'in', [...versionIds]).execute();
  return new Map(rows.map((row) => [row.versionId, row.body]));
}

/** Documents filed under at least one of the products (a condition on `documents`, for a search filter). */
export function inAnyProduct(productCodes: readonly string[]): DocumentFilter {
  return (eb) =>
    eb.exists(
      eb
        .selectFrom('document_products')
        .select('document_products.documentId')
        .whereRef('document_products.documentId', '=', 'documents.id')
        .where('document_products.productCode', 'in', [...productCodes]),
    );
}
