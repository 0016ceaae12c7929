import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { ApplicabilityRow } from './applicability.repository.ts';

/** What retention needs to know of a unit. */
export interface RetentionUnitRow {
  id: string;
  serialNumber: string;
  productCode: string;
  options: string;
  shippedAt: string;
}

const chunk = 500;

/** The applicability rules of these documents (product rules and unit rules). */
export async function rulesOfDocuments(db: Kysely<Database>, documentIds: readonly string[]): Promise<ApplicabilityRow[]> {
  const unique = [...new Set(documentIds)];
  const rows: ApplicabilityRow[] = [];
  // Chunks keep the parameter count under both engines' limits.
  for (let start = 0; start < unique.length; start += chunk) {
    rows.push(...(await db.selectFrom('document_applicability').selectAll().where('documentId', 'in', unique.slice(start, start + chunk)).execute()));
  }
  return rows;
}

/** The documents that have at least one applicability rule, by id; `after` pages through them. */
export async function documentsWithRules(db: Kysely<Database>, after: string | null, limit: number): Promise<string[]> {
  let query = db.selectFrom('document_applicability').select('documentId').distinct();
  if (after !== null) query = query.where('documentId', '>', after);
  const rows = await query.orderBy('documentId').limit(limit).execute();
  return rows.map((row) => row.documentId);
}

/** The units of these products and these units (by id): the ones the rules may match. */
export async function unitsForRules(db: Kysely<Database>, productCodes: readonly string[], unitIds: readonly string[]): Promise<RetentionUnitRow[]> {
  const columns = ['id', 'serialNumber', 'productCode', 'options', 'shippedAt'] as const;
  const found = new Map<string, RetentionUnitRow>();
  const products = [...new Set(productCodes)];
  const ids = [...new Set(unitIds)];
  for (let start = 0; start < products.length; start += chunk) {
    for (const row of await db.selectFrom('units').select(columns).where('productCode', 'in', products.slice(start, start + chunk)).execute()) found.set(row.id, row);
  }
  for (let start = 0; start < ids.length; start += chunk) {
    for (const row of await db.selectFrom('units').select(columns).where('id', 'in', ids.slice(start, start + chunk)).execute()) found.set(row.id, row);
  }
  return [...found.values()];
}
