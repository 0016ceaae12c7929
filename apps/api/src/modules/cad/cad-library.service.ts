import type { Kysely } from 'kysely';
import type { CadPartnerLibrariesResponse } from '@portal/contracts/cad';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import type { FileUrls } from '../../platform/delivery/file-urls.plugin.ts';
import { presentCadFiles } from './cad-model-previews.ts';
import { assertCanReadLibrary, visibleLibraries } from './cad-access.ts';
import {
  findLibrary,
  findLibraryFile,
  findLibraryVersion,
  findLibraryVersionById,
  listLibraries,
  listLibraryFiles,
  listLibraryVersions,
  type CadLibraryFileRow,
  type CadLibraryRow,
  type CadLibraryVersionRow,
} from './cad-library.repository.ts';
import { cadLibraryZipPath } from './cad-download-ref.ts';
import { cadLibraryVersionNotFound } from '../../platform/content-kinds/not-found.ts';

/** Partner libraries the user may see, grouped per CAD tool, each with its versions newest first. */
export async function listPartnerLibraries(deps: { db: Kysely<Database>; fileUrls?: FileUrls }, user: AuthUser): Promise<CadPartnerLibrariesResponse> {
  const { db } = deps;
  const libraries = await visibleLibraries(db, user, await listLibraries(db));
  const versions = await listLibraryVersions(db, libraries.map((library) => library.id));
  const files = await listLibraryFiles(db, versions.map((version) => version.id));
  const presented = new Map<string, Awaited<ReturnType<typeof presentCadFiles>>>();
  for (const version of versions) presented.set(version.id, await presentCadFiles(deps, user, files.filter((file) => file.versionId === version.id)));
  const tools = [...new Set(libraries.map((library) => library.cadTool))];
  return {
    tools: tools.map((tool) => ({
      tool,
      libraries: libraries
        .filter((library) => library.cadTool === tool)
        .map((library) => ({
          id: library.id,
          name: library.name,
          description: library.description,
          productCodes: JSON.parse(library.productCodes) as string[],
          versions: versions
            .filter((version) => version.libraryId === library.id)
            .map((version) => ({
              id: version.id,
              version: version.version,
              releaseDate: version.releaseDate,
              notes: version.notes,
              ...presented.get(version.id)!,
              zipPath: cadLibraryZipPath(library.id, version.version),
            })),
        })),
    })),
  };
}

export async function readableLibraryVersion(
  db: Kysely<Database>,
  user: AuthUser,
  libraryId: string,
  version: string,
): Promise<{ library: CadLibraryRow; version: CadLibraryVersionRow }> {
  const library = await assertCanReadLibrary(db, user, await findLibrary(db, libraryId));
  const row = await findLibraryVersion(db, library.id, version);
  if (!row) throw cadLibraryVersionNotFound();
  return { library, version: row };
}

/** A library file with its version and library, when the user may see the library; undefined when there is no such file. */
export async function readableLibraryFile(
  db: Kysely<Database>,
  user: AuthUser,
  fileId: string,
): Promise<{ library: CadLibraryRow; version: CadLibraryVersionRow; file: CadLibraryFileRow } | undefined> {
  const file = await findLibraryFile(db, fileId);
  if (!file) return undefined;
  const version = await findLibraryVersionById(db, file.versionId);
  if (!version) throw cadLibraryVersionNotFound();
  const library = await assertCanReadLibrary(db, user, await findLibrary(db, version.libraryId));
  return { library, version, file };
}
