import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { CadFamiliesTable, CadFilesTable, CadModelsTable, CadOptionExclusionsTable, CadOptionGroupsTable, CadOptionValuesTable } from './cad.tables.ts';

export type CadFamilyRow = Selectable<CadFamiliesTable>;
export type CadModelRow = Selectable<CadModelsTable>;
export type CadOptionGroupRow = Selectable<CadOptionGroupsTable>;
export type CadOptionValueRow = Selectable<CadOptionValuesTable>;
export type CadExclusionRow = Selectable<CadOptionExclusionsTable>;
export type CadFileRow = Selectable<CadFilesTable>;

/** A model's option groups, values and excluded pairs, each in display order. */
export interface ModelOptionRows {
  groups: CadOptionGroupRow[];
  values: CadOptionValueRow[];
  exclusions: CadExclusionRow[];
}

export async function listFamilies(db: Kysely<Database>): Promise<CadFamilyRow[]> {
  return db.selectFrom('cad_families').selectAll().orderBy('sortOrder').orderBy('name').execute();
}

export async function findFamily(db: Kysely<Database>, code: string): Promise<CadFamilyRow | undefined> {
  return db.selectFrom('cad_families').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function listModels(db: Kysely<Database>, familyCodes: readonly string[]): Promise<CadModelRow[]> {
  if (familyCodes.length === 0) return [];
  return db.selectFrom('cad_models').selectAll().where('familyCode', 'in', [...familyCodes]).orderBy('sortOrder').orderBy('name').execute();
}

export async function findModel(db: Kysely<Database>, code: string): Promise<CadModelRow | undefined> {
  return db.selectFrom('cad_models').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Option groups, values and exclusions of the models, in display order. */
export async function listModelOptions(db: Kysely<Database>, modelCodes: readonly string[]): Promise<ModelOptionRows> {
  if (modelCodes.length === 0) return { groups: [], values: [], exclusions: [] };
  const codes = [...modelCodes];
  const [groups, values, exclusions] = await Promise.all([
    db.selectFrom('cad_option_groups').selectAll().where('modelCode', 'in', codes).orderBy('sortOrder').orderBy('code').execute(),
    db.selectFrom('cad_option_values').selectAll().where('modelCode', 'in', codes).orderBy('sortOrder').orderBy('code').execute(),
    db.selectFrom('cad_option_exclusions').selectAll().where('modelCode', 'in', codes).orderBy('valueA').orderBy('valueB').execute(),
  ]);
  return { groups, values, exclusions };
}

/** Every component file of a model, optionally of one format. */
export async function listModelFiles(db: Kysely<Database>, modelCode: string, format?: string): Promise<CadFileRow[]> {
  let query = db.selectFrom('cad_files').selectAll().where('modelCode', '=', modelCode);
  if (format) query = query.where('format', '=', format);
  return query.orderBy('format').orderBy('fileName').execute();
}

export async function findCadFile(db: Kysely<Database>, id: string): Promise<CadFileRow | undefined> {
  return db.selectFrom('cad_files').selectAll().where('id', '=', id).executeTakeFirst();
}
