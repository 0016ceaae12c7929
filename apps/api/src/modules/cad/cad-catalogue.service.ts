import type { Kysely } from 'kysely';
import { cadFormats, type CadCatalogueResponse, type CadConfigurationResponse, type CadFormat } from '@portal/contracts/cad';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import type { FileUrls } from '../../platform/delivery/file-urls.plugin.ts';
import { presentCadFiles } from './cad-model-previews.ts';
import { readableModel, visibleFamilies } from './cad-access.ts';
import { checkSelection, configurationId, matchingFiles, type ChosenOption, type OptionGroup } from './cad-configuration.ts';
import { listFamilies, listModelFiles, listModelOptions, listModels, type CadFileRow, type CadModelRow, type ModelOptionRows } from './cad.repository.ts';
import { cadSetZipPath } from './cad-download-ref.ts';

function optionGroupsOf(modelCode: string, rows: ModelOptionRows): OptionGroup[] {
  return rows.groups
    .filter((group) => group.modelCode === modelCode)
    .map((group) => ({
      code: group.code,
      label: group.label,
      values: rows.values
        .filter((value) => value.modelCode === modelCode && value.groupCode === group.code)
        .map((value) => ({ code: value.code, label: value.label })),
    }));
}

/** The robot catalogue the user may see: families → models → option groups with their values. */
export async function getCatalogue({ db }: { db: Kysely<Database> }, user: AuthUser): Promise<CadCatalogueResponse> {
  const families = await visibleFamilies(db, user, await listFamilies(db));
  const models = await listModels(db, families.map((family) => family.code));
  const options = await listModelOptions(db, models.map((model) => model.code));
  return {
    families: families.map((family) => ({
      code: family.code,
      name: family.name,
      description: family.description,
      models: models
        .filter((model) => model.familyCode === family.code)
        .map((model) => ({
          code: model.code,
          name: model.name,
          description: model.description,
          revision: model.revision,
          optionGroups: optionGroupsOf(model.code, options),
          exclusions: options.exclusions
            .filter((exclusion) => exclusion.modelCode === model.code)
            .map((exclusion) => ({ values: [exclusion.valueA, exclusion.valueB] as [string, string], reason: exclusion.reason })),
        })),
    })),
  };
}

const formatOrder = (format: string) => Object.keys(cadFormats).indexOf(format);

export interface ResolvedConfiguration {
  model: CadModelRow;
  chosen: ChosenOption[];
  /** Matching files, by format (neutral formats first, as in cadFormats) then file name. */
  files: CadFileRow[];
}

/** A model's configuration from option value codes; 400 listing every problem of an invalid selection. */
export async function resolveConfiguration(
  db: Kysely<Database>,
  user: AuthUser,
  modelCode: string,
  optionCodes: string[],
  format?: CadFormat,
): Promise<ResolvedConfiguration> {
  const model = await readableModel(db, user, modelCode);
  const options = await listModelOptions(db, [model.code]);
  const exclusions = options.exclusions.map(({ valueA, valueB, reason }) => ({ valueA, valueB, reason }));
  const result = checkSelection(model.code, optionGroupsOf(model.code, options), exclusions, optionCodes);
  if (!result.ok) throw badRequest('invalidParameters', `This is not a valid configuration of ${model.code}.`, result.problems);
  const files = matchingFiles(await listModelFiles(db, model.code, format), result.chosen);
  return { model, chosen: result.chosen, files: files.sort((a, b) => formatOrder(a.format) - formatOrder(b.format) || a.fileName.localeCompare(b.fileName)) };
}

/** The CAD files of one configuration, grouped by format (neutral formats first), with zip paths. */
export async function getConfiguration(
  deps: { db: Kysely<Database>; fileUrls?: FileUrls },
  user: AuthUser,
  modelCode: string,
  optionCodes: string[],
): Promise<CadConfigurationResponse> {
  const { db } = deps;
  const { model, chosen, files } = await resolveConfiguration(db, user, modelCode, optionCodes);
  const id = configurationId(model.code, chosen);
  const sets = (Object.keys(cadFormats) as CadFormat[])
    .map((format) => ({ format, files: files.filter((file) => file.format === format) }))
    .filter((set) => set.files.length > 0);
  const formats = await Promise.all(
    sets.map(async ({ format, files: formatFiles }) => ({
      format,
      label: cadFormats[format].label,
      tool: cadFormats[format].tool,
      ...(await presentCadFiles(deps, user, formatFiles)),
      zipPath: cadSetZipPath(id, format),
    })),
  );
  return {
    configurationId: id,
    model: { code: model.code, name: model.name, revision: model.revision },
    options: chosen,
    formats,
    zipPath: cadSetZipPath(id),
  };
}
