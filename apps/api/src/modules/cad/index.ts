// The CAD module's public entry: other modules import CAD only from here.
export { cadKind } from './cad-kind.ts';
// The writers and lookups the demo seed fills the catalogue with.
export { insertCadFamily, insertCadLibrary, type CadModelInput } from './cad-writer.repository.ts';
export { findFamily } from './cad.repository.ts';
export { listLibraries } from './cad-library.repository.ts';
// What the machine passport reads: a model's option labels and a unit's configured CAD set.
export { listModelOptions } from './cad.repository.ts';
export { resolveConfiguration } from './cad-catalogue.service.ts';
export { configurationId } from './cad-configuration.ts';
export { cadSetZipPath } from './cad-download-ref.ts';
// What the alerts need of a partner library: its rows and who may see it.
export { findLibrary, findLibraryVersionById, type CadLibraryRow } from './cad-library.repository.ts';
export { assertCanReadLibrary, visibleLibraries } from './cad-access.ts';
export type { CadLibrariesTable, CadLibraryFilesTable, CadLibraryVersionsTable } from './cad.tables.ts';
// The console's publishing side (admin-software): every partner library whatever its audience, new versions, and the catalogue import.
export { insertLibraryVersion, libraryExists, libraryVersionTaken, loadLibraryRows, type LibraryRows } from './cad-library-admin.repository.ts';
export { readCatalogueState, replaceCatalogue, type CatalogueFamily, type CatalogueState } from './cad-catalogue-writer.repository.ts';
// The storage keys the CAD and library files refer to, for the backup (listed in modules/stored-files.ts).
export { cadFileKeys } from './stored-files.repository.ts';
// The names the audit log shows partner libraries by.
export { cadLibraryTitles } from './cad-library-titles.repository.ts';
