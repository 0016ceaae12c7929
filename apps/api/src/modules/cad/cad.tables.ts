import type { Generated } from 'kysely';
import type { DocumentAudience, StoredFileColumns } from '../../platform/db/schema.ts';

export interface CadFamiliesTable {
  code: string;
  name: string;
  description: Generated<string>;
  audience: Generated<DocumentAudience>;
  sortOrder: Generated<number>;
}

export interface CadModelsTable {
  code: string;
  familyCode: string;
  name: string;
  description: Generated<string>;
  revision: string;
  sortOrder: Generated<number>;
}

export interface CadOptionGroupsTable {
  modelCode: string;
  code: string;
  label: string;
  sortOrder: Generated<number>;
}

export interface CadOptionValuesTable {
  modelCode: string;
  groupCode: string;
  code: string;
  label: string;
  sortOrder: Generated<number>;
}

export interface CadOptionExclusionsTable {
  modelCode: string;
  valueA: string;
  valueB: string;
  reason: string;
}

export interface CadFilesTable extends StoredFileColumns {
  modelCode: string;
  format: string;
  component: string;
  /** JSON list of option value codes; the file belongs to a configuration holding all of them. */
  requiredOptions: Generated<string>;
}

export interface CadLibrariesTable {
  id: string;
  cadTool: string;
  name: string;
  description: Generated<string>;
  /** JSON list of product codes. */
  productCodes: Generated<string>;
  audience: Generated<DocumentAudience>;
  createdAt: string;
}

export interface CadLibraryVersionsTable {
  id: string;
  libraryId: string;
  version: string;
  releaseDate: string;
  notes: Generated<string>;
  createdAt: string;
}

export interface CadLibraryFilesTable extends StoredFileColumns {
  versionId: string;
}

/** The tables cad owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface CadTables {
  cad_families: CadFamiliesTable;
  cad_models: CadModelsTable;
  cad_option_groups: CadOptionGroupsTable;
  cad_option_values: CadOptionValuesTable;
  cad_option_exclusions: CadOptionExclusionsTable;
  cad_files: CadFilesTable;
  cad_libraries: CadLibrariesTable;
  cad_library_versions: CadLibraryVersionsTable;
  cad_library_files: CadLibraryFilesTable;
}
