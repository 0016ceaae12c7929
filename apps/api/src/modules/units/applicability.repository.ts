import type { Kysely, Selectable } from 'kysely';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { DocumentApplicabilityTable } from './unit.tables.ts';

export type ApplicabilityRow = Selectable<DocumentApplicabilityTable>;

/** Where a document applies, as stored. */
export async function listApplicability(db: Kysely<Database>, documentId: string): Promise<ApplicabilityRow[]> {
  return db.selectFrom('document_applicability').selectAll().where('documentId', '=', documentId).orderBy('createdAt').orderBy('id').execute();
}

/** Replaces the document's rules in one transaction. */
export async function replaceApplicability(db: Kysely<Database>, documentId: string, rows: readonly ApplicabilityRow[]): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('document_applicability').where('documentId', '=', documentId).execute();
    if (rows.length > 0) await trx.insertInto('document_applicability').values([...rows]).execute();
  });
}

/**
 * The product rules of a model (serial ranges and options are matched in memory: serials compare
 * as plain text there, the same on both engines whatever the database's collation).
 */
export async function productRules(db: Kysely<Database>, productCode: string): Promise<ApplicabilityRow[]> {
  return db.selectFrom('document_applicability').selectAll().where('productCode', '=', productCode).where('unitId', 'is', null).execute();
}

/** The documents that belong to this unit only. */
export async function unitDocumentIds(db: Kysely<Database>, unitId: string): Promise<string[]> {
  const rows = await db.selectFrom('document_applicability').select('documentId').where('unitId', '=', unitId).distinct().execute();
  return rows.map((row) => row.documentId);
}
