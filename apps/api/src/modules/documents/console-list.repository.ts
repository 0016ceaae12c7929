import type { Kysely } from 'kysely';
import type { AdminDocumentListQuery, AdminDocumentSort } from '@portal/contracts/admin-document-list';
import { containsText } from '../../platform/db/contains-pattern.ts';
import type { Database } from '../../platform/db/schema.ts';
import { productCodesByDocument } from './document.repository.ts';

/* The publishing console's list of documents (admin-documents): filters, sorts and one page with the rows it shows. */

// Each order ends in the id and matches an index of 2026-11-24-70 column for column.
const sortColumns = {
  title: ['documents.title', 'documents.id'],
  updatedAt: ['documents.updatedAt', 'documents.id'],
  type: ['documents.typeCode', 'documents.title', 'documents.id'],
} as const satisfies Record<AdminDocumentSort, readonly string[]>;

function filtered(db: Kysely<Database>, query: AdminDocumentListQuery) {
  let select = db.selectFrom('documents');
  if (query.q) {
    const text = query.q;
    select = select.where((eb) => eb.or([containsText(eb.ref('documents.title'), text), containsText(eb.ref('documents.serviceRef'), text)]));
  }
  if (query.type) select = select.where('documents.typeCode', '=', query.type);
  if (query.language) select = select.where('documents.languageCode', '=', query.language);
  if (query.audience) select = select.where('documents.audience', '=', query.audience);
  if (query.state) select = select.where('documents.status', '=', query.state);
  if (query.variantGroup) select = select.where('documents.variantGroup', '=', query.variantGroup);
  const product = query.product;
  if (product) {
    select = select.where((eb) =>
      eb.exists(
        eb.selectFrom('document_products').select('document_products.documentId')
          .whereRef('document_products.documentId', '=', 'documents.id')
          .where('document_products.productCode', '=', product),
      ),
    );
  }
  return select;
}

/** One page of the console's list and the number of documents matching the filters. */
export async function listAdminDocumentRows(db: Kysely<Database>, query: AdminDocumentListQuery) {
  // The page's ids first, read from the sort's index alone: an offset thousands of rows deep then
  // skips index entries, not joined rows with every column (which PostgreSQL sorted in full).
  let pageIds = filtered(db, query).select('documents.id');
  for (const column of sortColumns[query.sort]) pageIds = pageIds.orderBy(column, query.direction);
  let page = db
    .selectFrom('documents')
    .leftJoin('document_versions as current', 'current.id', 'documents.currentVersionId')
    .select([
      'documents.id', 'documents.serviceRef', 'documents.title', 'documents.typeCode', 'documents.languageCode', 'documents.variantGroup',
      'documents.audience', 'documents.status', 'documents.scheduledAt', 'documents.updatedAt', 'current.id as currentVersionId', 'current.resourceVersion as currentResourceVersion',
    ])
    .where('documents.id', 'in', pageIds.limit(query.pageSize).offset((query.page - 1) * query.pageSize));
  for (const column of sortColumns[query.sort]) page = page.orderBy(column, query.direction);
  const [rows, count] = await Promise.all([
    page.execute(),
    filtered(db, query).select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((row) => row.id);
  const [products, ruleCounts] = await Promise.all([productCodesByDocument(db, ids), accessRuleCounts(db, ids)]);
  return { rows, products, ruleCounts, total: Number(count.total) };
}
export type AdminDocumentListRows = Awaited<ReturnType<typeof listAdminDocumentRows>>;

async function accessRuleCounts(db: Kysely<Database>, documentIds: string[]): Promise<Map<string, number>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('document_access')
    .select((eb) => ['documentId', eb.fn.countAll().as('rules')])
    .where('documentId', 'in', documentIds)
    .groupBy('documentId')
    .execute();
  return new Map(rows.map((row) => [row.documentId, Number(row.rules)]));
}
