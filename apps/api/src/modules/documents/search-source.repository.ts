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

/** Up to `limit` document ids after `after` (from the first when null), in id order: a re-index of search walks them a page at a time. */
export async function documentIdsAfter(db: Kysely<Database>, after: string | null, limit: number): Promise<string[]> {
  let query = db.selectFrom('documents').select('id').orderBy('id').limit(limit);
  if (after !== null) query = query.where('id', '>', after);
  return (await query.execute()).map((row) => row.id);
}

/** How many documents there are (the size of a re-index of search). */
export async function countDocuments(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('documents').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
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
