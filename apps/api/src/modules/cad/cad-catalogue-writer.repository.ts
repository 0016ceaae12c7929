import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { groupedBy } from '../../platform/grouping.ts';
import { removeRules } from '../access/index.ts';

/* The configurator's catalogue as stored, and its replacement by a checked one (the console's catalogue import). */

/** A family of a checked catalogue, its models in order with their option groups, values and exclusions. */
export interface CatalogueFamily {
  code: string;
  name: string;
  description: string;
  /** Absent: an existing family keeps its audience, a new one is `everyone`. */
  audience?: 'everyone' | 'restricted';
  models: ReadonlyArray<{
    code: string;
    name: string;
    description: string;
    revision: string;
    groups: ReadonlyArray<{ code: string; label: string; values: ReadonlyArray<{ code: string; label: string }> }>;
    exclusions: ReadonlyArray<{ valueA: string; valueB: string; reason: string }>;
  }>;
}

export interface CatalogueState {
  families: Set<string>;
  /** Model code → its family. */
  models: Map<string, string>;
  /** Per model, its CAD files: the option value codes each needs. */
  files: Map<string, Array<{ modelCode: string; requiredOptions: string[] }>>;
  counts: { families: number; models: number; optionGroups: number; optionValues: number; exclusions: number };
}

const countOf = async (db: Kysely<Database>, table: 'cad_families' | 'cad_models' | 'cad_option_groups' | 'cad_option_values' | 'cad_option_exclusions') =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow()).count);

/** A CAD file's stored list of required option value codes. */
function optionCodes(text: string): string[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

export async function readCatalogueState(db: Kysely<Database>): Promise<CatalogueState> {
  const families = await db.selectFrom('cad_families').select('code').execute();
  const models = await db.selectFrom('cad_models').select(['code', 'familyCode']).execute();
  const files = await db.selectFrom('cad_files').select(['modelCode', 'requiredOptions']).execute();
  const byModel = groupedBy(files.map((file) => ({ modelCode: file.modelCode, requiredOptions: optionCodes(file.requiredOptions) })), (file) => file.modelCode);
  return {
    families: new Set(families.map((family) => family.code)),
    models: new Map(models.map((model) => [model.code, model.familyCode])),
    files: byModel,
    counts: {
      families: families.length,
      models: models.length,
      optionGroups: await countOf(db, 'cad_option_groups'),
      optionValues: await countOf(db, 'cad_option_values'),
      exclusions: await countOf(db, 'cad_option_exclusions'),
    },
  };
}

/** Rows per insert: well under the bound parameters SQLite and PostgreSQL accept in one statement. */
const chunkRows = 500;

type OptionTable = 'cad_option_groups' | 'cad_option_values' | 'cad_option_exclusions';

async function insertChunked(
  db: Kysely<Database>,
  table: 'cad_option_groups' | 'cad_option_values' | 'cad_option_exclusions',
  rows: ReadonlyArray<Insertable<Database[OptionTable]>>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkRows) {
    await db.insertInto(table).values(rows.slice(start, start + chunkRows) as never).execute();
  }
}

/** Deletes the options (exclusions, values, then groups) of these models, in chunks. */
async function deleteOptionsOf(db: Kysely<Database>, modelCodes: readonly string[]): Promise<void> {
  for (const table of ['cad_option_exclusions', 'cad_option_values', 'cad_option_groups'] as const) await deleteChunked(db, table, modelCodes);
}

async function deleteChunked(db: Kysely<Database>, table: 'cad_option_groups' | 'cad_option_values' | 'cad_option_exclusions', modelCodes: readonly string[]): Promise<void> {
  for (let start = 0; start < modelCodes.length; start += chunkRows) {
    await db.deleteFrom(table).where('modelCode', 'in', modelCodes.slice(start, start + chunkRows)).execute();
  }
}

/**
 * Replaces the catalogue (call it in a transaction): families and models are updated in place or
 * added (so their CAD files and audience rules stay), their options rewritten, and the
 * families and models absent from `families` deleted with their CAD files. Answers how many CAD files went.
 */
export async function replaceCatalogue(db: Kysely<Database>, state: CatalogueState, families: readonly CatalogueFamily[]): Promise<number> {
  const keptModels = new Set<string>();
  for (const [familyOrder, family] of families.entries()) {
    const columns = { name: family.name, description: family.description, sortOrder: familyOrder, ...(family.audience ? { audience: family.audience } : {}) };
    if (state.families.has(family.code)) await db.updateTable('cad_families').set(columns).where('code', '=', family.code).execute();
    else await db.insertInto('cad_families').values({ code: family.code, audience: 'everyone', ...columns }).execute();
    for (const [modelOrder, model] of family.models.entries()) {
      keptModels.add(model.code);
      const modelColumns = { familyCode: family.code, name: model.name, description: model.description, revision: model.revision, sortOrder: modelOrder };
      if (state.models.has(model.code)) await db.updateTable('cad_models').set(modelColumns).where('code', '=', model.code).execute();
      else await db.insertInto('cad_models').values({ code: model.code, ...modelColumns }).execute();
    }
  }
  const models = families.flatMap((family) => family.models);
  const modelCodes = models.map((model) => model.code);
  await deleteOptionsOf(db, modelCodes);
  await insertChunked(db, 'cad_option_groups', models.flatMap((model) => model.groups.map((group, sortOrder) => ({ modelCode: model.code, code: group.code, label: group.label, sortOrder }))));
  await insertChunked(
    db,
    'cad_option_values',
    models.flatMap((model) => model.groups.flatMap((group) => group.values.map((value, sortOrder) => ({ modelCode: model.code, groupCode: group.code, code: value.code, label: value.label, sortOrder })))),
  );
  await insertChunked(db, 'cad_option_exclusions', models.flatMap((model) => model.exclusions.map((exclusion) => ({ modelCode: model.code, ...exclusion }))));

  const removedModels = [...state.models.keys()].filter((code) => !keptModels.has(code));
  let removedFiles = 0;
  if (removedModels.length > 0) {
    removedFiles = removedModels.reduce((sum, code) => sum + (state.files.get(code)?.length ?? 0), 0);
    // Explicitly, not by the cascade alone: PostgreSQL and SQLite then agree whatever their foreign key settings.
    await db.deleteFrom('cad_files').where('modelCode', 'in', removedModels).execute();
    await deleteOptionsOf(db, removedModels);
    await db.deleteFrom('cad_models').where('code', 'in', removedModels).execute();
  }
  const keptFamilies = new Set(families.map((family) => family.code));
  const removedFamilies = [...state.families].filter((code) => !keptFamilies.has(code));
  if (removedFamilies.length > 0) {
    await removeRules(db, 'cad-family', removedFamilies);
    await db.deleteFrom('cad_families').where('code', 'in', removedFamilies).execute();
  }
  return removedFiles;
}
