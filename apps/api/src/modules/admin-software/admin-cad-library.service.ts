import type { Kysely } from 'kysely';
import type { AdminCadLibrary, AdminCadLibraryList } from '@portal/contracts/admin-software';
import { cadLibraryNotFound } from '../../platform/content-kinds/not-found.ts';
import type { Database } from '../../platform/db/schema.ts';
import { presentFileList } from '../../platform/delivery/downloadable-file.ts';
import { presentRules } from './admin-software.presenter.ts';
import { loadLibraryRows, type LibraryRows } from '../cad/index.ts';
import { jsonList } from '../software/index.ts';
import type { PublishingDeps } from './admin-software.service.ts';

/* Partner CAD libraries for staff: every library whatever its audience; new versions are releases (cad-library-release.ts). */

function presentLibrary({ library, rules, versions }: LibraryRows): AdminCadLibrary {
  return {
    id: library.id,
    cadTool: library.cadTool,
    name: library.name,
    description: library.description,
    productCodes: jsonList(library.productCodes),
    audience: library.audience,
    access: presentRules(rules),
    createdAt: library.createdAt,
    versions: versions.map((version) => ({
      id: version.id,
      version: version.version,
      releaseDate: version.releaseDate,
      notes: version.notes,
      ...presentFileList(version.files),
      createdAt: version.createdAt,
    })),
  };
}

/** The library as staff see it; 404 when absent. */
export async function loadLibraryForStaff(db: Kysely<Database>, libraryId: string): Promise<AdminCadLibrary> {
  const [rows] = await loadLibraryRows(db, libraryId);
  if (!rows) throw cadLibraryNotFound();
  return presentLibrary(rows);
}

export async function listLibrariesForStaff(deps: PublishingDeps): Promise<AdminCadLibraryList> {
  return { libraries: (await loadLibraryRows(deps.db)).map(presentLibrary) };
}
