import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/*
 * What the importer reads to number new documents and to recognise a file it imported before
 * under a reference it gave itself.
 */

/** Rows looked at, highest first, for the highest reference of a numbering scheme (references of another form sorting among them are passed over). */
const scanLimit = 200;

/** The highest number among the references that are `prefix` followed by exactly `digits` digits; 0 when there is none. */
export async function highestReferenceNumber(db: Kysely<Database>, prefix: string, digits: number): Promise<number> {
  const low = `${prefix}${'0'.repeat(digits)}`;
  const high = `${prefix}${'9'.repeat(digits)}`;
  const rows = await db
    .selectFrom('documents')
    .select('serviceRef')
    .where('serviceRef', '>=', low)
    .where('serviceRef', '<=', high)
    .where(sql<number>`length("serviceRef")`, '=', prefix.length + digits)
    .orderBy('serviceRef', 'desc')
    .limit(scanLimit)
    .execute();
  let highest = 0;
  for (const { serviceRef } of rows) {
    const number = serviceRef.slice(prefix.length);
    if (serviceRef.startsWith(prefix) && /^[0-9]+$/.test(number)) highest = Math.max(highest, Number(number));
  }
  return highest;
}

/** A version holding exactly these bytes (by SHA-256), with its document's reference; the oldest when several do. */
export async function findVersionBySha256(db: Kysely<Database>, sha256: string): Promise<{ serviceRef: string; resourceVersion: string } | undefined> {
  return db
    .selectFrom('document_versions')
    .innerJoin('documents', 'documents.id', 'document_versions.documentId')
    .select(['documents.serviceRef', 'document_versions.resourceVersion'])
    .where('document_versions.sha256', '=', sha256)
    .orderBy('document_versions.createdAt', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** Summaries of the documents among `ids` (any status), as a review list shows them: one query for the documents, one for their products. */
export async function documentSummaries(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const [documents, products] = await Promise.all([
    db
      .selectFrom('documents')
      .select(['id', 'serviceRef', 'title', 'typeCode', 'languageCode', 'status', 'scheduledAt', 'updatedAt'])
      .where('id', 'in', [...ids])
      .execute(),
    db.selectFrom('document_products').select(['documentId', 'productCode']).where('documentId', 'in', [...ids]).execute(),
  ]);
  return documents.map((document) => ({
    ...document,
    products: products.filter((row) => row.documentId === document.id).map((row) => row.productCode).sort(),
  }));
}
