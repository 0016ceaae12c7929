import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { CadLibrariesTable, CadLibraryFilesTable, CadLibraryVersionsTable } from './cad.tables.ts';

export type CadLibraryRow = Selectable<CadLibrariesTable>;
export type CadLibraryVersionRow = Selectable<CadLibraryVersionsTable>;
export type CadLibraryFileRow = Selectable<CadLibraryFilesTable>;

export async function listLibraries(db: Kysely<Database>): Promise<CadLibraryRow[]> {
  return db.selectFrom('cad_libraries').selectAll().orderBy('cadTool').orderBy('name').execute();
}

export async function findLibrary(db: Kysely<Database>, id: string): Promise<CadLibraryRow | undefined> {
  return db.selectFrom('cad_libraries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Versions of the libraries, newest release first. */
export async function listLibraryVersions(db: Kysely<Database>, libraryIds: readonly string[]): Promise<CadLibraryVersionRow[]> {
  if (libraryIds.length === 0) return [];
  return db
    .selectFrom('cad_library_versions')
    .selectAll()
    .where('libraryId', 'in', [...libraryIds])
    .orderBy('releaseDate', 'desc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findLibraryVersion(db: Kysely<Database>, libraryId: string, version: string): Promise<CadLibraryVersionRow | undefined> {
  return db.selectFrom('cad_library_versions').selectAll().where('libraryId', '=', libraryId).where('version', '=', version).executeTakeFirst();
}

export async function findLibraryVersionById(db: Kysely<Database>, id: string): Promise<CadLibraryVersionRow | undefined> {
  return db.selectFrom('cad_library_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listLibraryFiles(db: Kysely<Database>, versionIds: readonly string[]): Promise<CadLibraryFileRow[]> {
  if (versionIds.length === 0) return [];
  return db.selectFrom('cad_library_files').selectAll().where('versionId', 'in', [...versionIds]).orderBy('fileName').execute();
}

export async function findLibraryFile(db: Kysely<Database>, id: string): Promise<CadLibraryFileRow | undefined> {
  return db.selectFrom('cad_library_files').selectAll().where('id', '=', id).executeTakeFirst();
}
