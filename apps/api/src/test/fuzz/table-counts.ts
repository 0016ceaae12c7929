import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/*
 * What a refused request must leave as it was: the row counts of the tables a request can write
 * (users is left out: the API records a caller on sight, before it refuses anything), and the
 * published documents and versions.
 */
const countedTables = [
  'documents', 'document_versions', 'document_texts', 'document_access', 'document_products',
  'download_records', 'jobs', 'favorites', 'content_access', 'settings', 'software_items', 'software_versions', 'software_files',
  'cad_families', 'cad_models', 'cad_files', 'cad_libraries', 'cad_library_versions', 'cad_library_files',
] as const satisfies ReadonlyArray<keyof Database>;

export type TableCounts = Record<string, number>;

/** All counts in one statement: it runs after every fuzzed request. */
export async function tableCounts(db: Kysely<Database>): Promise<TableCounts> {
  const counts = [
    ...countedTables.map((table) => sql`(SELECT count(*) FROM ${sql.table(table)}) AS ${sql.ref(table)}`),
    sql`(SELECT count(*) FROM documents WHERE status = 'published') AS ${sql.ref('documents published')}`,
    sql`(SELECT count(*) FROM document_versions WHERE status = 'published') AS ${sql.ref('versions published')}`,
  ];
  const { rows } = await sql<Record<string, string | number>>`SELECT ${sql.join(counts)}`.execute(db);
  return Object.fromEntries(Object.entries(rows[0]).map(([table, count]) => [table, Number(count)]));
}

/** The tables whose counts differ, as `table: before → after`. */
export function changedCounts(before: TableCounts, after: TableCounts): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]).map((table) => `${table}: ${before[table]} → ${after[table]}`);
}
