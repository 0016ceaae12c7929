import type { Kysely, SelectQueryBuilder } from 'kysely';
import { documentSubject, publishedFilter } from '../../platform/access/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { DocumentFilter } from './document.repository.ts';

/*
 * What the search catalogue reads of documents, one query each: the published documents with their
 * current version, their products, their access rules, and a page of results. Search numbers the
 * documents (its index's rowids) and hands that numbering in as a query, joined here: every row comes
 * with its number, and a document the numbering lacks is left out.
 */

/** The caller's numbering of documents: a query of `documentId` and `searchRowid`. */
export type NumberedDocuments = SelectQueryBuilder<Database, keyof Database, { documentId: string; searchRowid: number }>;

/** Published documents joined with their current version and their number (CROSS JOIN: versions first, as the indexes suit). */
function publishedNumbered(db: Kysely<Database>, numbered: NumberedDocuments) {
  return db
    .selectFrom('document_versions')
    .crossJoin('documents')
    .innerJoin(numbered.as('numbered'), 'numbered.documentId', 'documents.id')
    .whereRef('documents.currentVersionId', '=', 'document_versions.id')
    .where(publishedFilter(documentSubject));
}

/** The published documents as the catalogue takes them, newest published first (ties by id), streamed a thousand at a time. */
export function streamCatalogueDocuments(db: Kysely<Database>, numbered: NumberedDocuments) {
  return publishedNumbered(db, numbered)
    .select([
      'numbered.searchRowid', 'documents.serviceRef', 'documents.title', 'documents.typeCode', 'documents.languageCode',
      'documents.audience', 'documents.status', 'documents.currentVersionId', 'documents.variantGroup',
    ])
    .orderBy('document_versions.publishedAt', 'desc')
    .orderBy('documents.id')
    .stream(1000);
}

/** The product codes of the numbered documents, streamed a thousand at a time. */
export function streamCatalogueProducts(db: Kysely<Database>, numbered: NumberedDocuments) {
  return db
    .selectFrom('document_products')
    .innerJoin(numbered.as('numbered'), 'numbered.documentId', 'document_products.documentId')
    .select(['numbered.searchRowid', 'document_products.productCode'])
    .stream(1000);
}

/** The access rules (audience rules and named-user grants) of the numbered documents. */
export async function catalogueRules(db: Kysely<Database>, numbered: NumberedDocuments) {
  return db
    .selectFrom('document_access')
    .innerJoin(numbered.as('numbered'), 'numbered.documentId', 'document_access.documentId')
    .select(['numbered.searchRowid', 'document_access.kind', 'document_access.value', 'document_access.expiresAt'])
    .execute();
}

/** The columns of a result row, read from `documents` and its current `document_versions` row. */
const resultColumns = [
  'documents.id', 'documents.serviceRef', 'documents.title', 'documents.typeCode', 'documents.languageCode',
  'documents.downloadable', 'document_versions.id as versionId', 'document_versions.resourceVersion',
  'document_versions.fileName', 'document_versions.mediaType', 'document_versions.publishedAt', 'document_versions.thumbnailKey',
] as const;

/**
 * The result rows of the numbered documents (a page) that pass the filter, with their current version,
 * in no particular order. CROSS JOIN keeps SQLite starting from the page's numbers rather than from an
 * index on a filtered column.
 */
export async function catalogueResultRows(db: Kysely<Database>, numbered: NumberedDocuments, filter: DocumentFilter) {
  return db
    .selectFrom(numbered.as('numbered'))
    .crossJoin('documents')
    .crossJoin('document_versions')
    .whereRef('documents.id', '=', 'numbered.documentId')
    .whereRef('document_versions.id', '=', 'documents.currentVersionId')
    .where(filter)
    .select([...resultColumns, 'numbered.searchRowid'])
    .execute();
}
