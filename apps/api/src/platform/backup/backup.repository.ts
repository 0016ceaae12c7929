import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** Every storage key the database refers to (documents and their previews, software, CAD files and libraries), once each, sorted. */
export async function referencedStorageKeys(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('document_versions')
    .select('storageKey as key')
    .union(db.selectFrom('document_versions').select('thumbnailKey as key').where('thumbnailKey', 'is not', null).$narrowType<{ key: string }>())
    .union(db.selectFrom('document_versions').select('previewPdfKey as key').where('previewPdfKey', 'is not', null).$narrowType<{ key: string }>())
    .union(db.selectFrom('document_versions').select('posterKey as key').where('posterKey', 'is not', null).$narrowType<{ key: string }>())
    .union(db.selectFrom('software_files').select('storageKey as key'))
    .union(db.selectFrom('cad_files').select('storageKey as key'))
    .union(db.selectFrom('cad_library_files').select('storageKey as key'))
    .execute();
  return rows.map((row) => row.key).sort();
}

/** Tables of the database's own (the migrations' bookkeeping included): 0 for a database nothing was ever written to. */
export async function userTableCount(db: Kysely<Database>, dialect: DialectName): Promise<number> {
  const query = dialect === 'sqlite'
    ? sql<{ count: number }>`select count(*) as count from sqlite_master where type = 'table' and name not like 'sqlite_%'`
    : sql<{ count: number }>`select count(*) as count from information_schema.tables where table_schema = current_schema()`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.count ?? 0);
}
