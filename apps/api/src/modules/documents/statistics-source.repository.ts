import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/* What the statistics read of documents, as subqueries they compose into their counts (one query each). */

/** The ids of the documents filed under a product, as a subquery (`documentId`) for an `in (…)`. */
export function documentIdsOfProduct(db: Kysely<Database>, productCode: string) {
  return db.selectFrom('document_products').select('documentId').where('productCode', '=', productCode);
}

/** Every document's id and title, as a relation to join counts to (a count of a removed document finds no row). */
export function documentTitles(db: Kysely<Database>) {
  return db.selectFrom('documents').select(['id', 'title']);
}
