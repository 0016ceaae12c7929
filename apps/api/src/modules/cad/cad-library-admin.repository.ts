import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, StoredFileColumns } from '../../platform/db/schema.ts';
import type { CadLibrariesTable, CadLibraryFilesTable, CadLibraryVersionsTable } from './cad.tables.ts';
import type { AudienceRule } from '../../platform/access/audience.ts';
import { loadRules } from '../access/index.ts';
import { enqueueModelPreviewJob } from '../../previews/enqueue-preview-jobs.ts';
import { groupedBy, rowsForIds, versionsWithFiles } from '../../platform/grouping.ts';

/* Reads and writes of partner CAD libraries for the console's publishing side (every library, whatever its audience). */

export interface LibraryRows {
  library: Selectable<CadLibrariesTable>;
  rules: AudienceRule[];
  versions: Array<Selectable<CadLibraryVersionsTable> & { files: Array<Selectable<CadLibraryFilesTable>> }>;
}

/** Libraries (all, or the one given) by tool then name, with versions (newest release first), files and rules. */
export async function loadLibraryRows(db: Kysely<Database>, libraryId?: string): Promise<LibraryRows[]> {
  let query = db.selectFrom('cad_libraries').selectAll().orderBy('cadTool').orderBy('name').orderBy('id');
  if (libraryId !== undefined) query = query.where('id', '=', libraryId);
  const libraries = await query.execute();
  const ids = libraries.map((library) => library.id);
  const versions = await rowsForIds(ids, (ofLibraries) =>
    db.selectFrom('cad_library_versions').selectAll().where('libraryId', 'in', ofLibraries).orderBy('releaseDate', 'desc').orderBy('createdAt', 'desc').orderBy('id').execute());
  const files = await rowsForIds(versions.map((version) => version.id), (ofVersions) =>
    db.selectFrom('cad_library_files').selectAll().where('versionId', 'in', ofVersions).orderBy('fileName').execute());
  const rules = await loadRules(db, 'cad-library', ids);
  const versionsOf = groupedBy(versionsWithFiles(versions, files), (version) => version.libraryId);
  return libraries.map((library) => ({ library, rules: rules.get(library.id) ?? [], versions: versionsOf.get(library.id) ?? [] }));
}

export async function libraryExists(db: Kysely<Database>, libraryId: string): Promise<boolean> {
  return (await db.selectFrom('cad_libraries').select('id').where('id', '=', libraryId).executeTakeFirst()) !== undefined;
}

export async function libraryVersionTaken(db: Kysely<Database>, libraryId: string, version: string): Promise<boolean> {
  const row = await db.selectFrom('cad_library_versions').select('id').where('libraryId', '=', libraryId).where('version', '=', version).executeTakeFirst();
  return row !== undefined;
}

export async function insertLibraryVersion(db: Kysely<Database>, version: Insertable<CadLibraryVersionsTable>, files: readonly StoredFileColumns[]): Promise<void> {
  await db.insertInto('cad_library_versions').values(version).execute();
  if (files.length > 0) await db.insertInto('cad_library_files').values(files.map((file) => ({ ...file, versionId: version.id }))).execute();
  // Each STEP, IGES or STL among them gets its 3D preview made (issue 29).
  for (const file of files) await enqueueModelPreviewJob(db, file);
}
