import type { Kysely } from 'kysely';
import type { CatalogueImportQuery, CatalogueImportReport } from '@portal/contracts/admin-software';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ChangeOrigin } from '../../platform/events/index.ts';
import { checkCatalogue, type CheckedFamily } from './catalogue-check.ts';
import type { CatalogueRecords, Problem } from './catalogue-records.ts';
import { readCatalogueState, replaceCatalogue, type CatalogueState } from '../cad/index.ts';
import type { PublishingDeps } from './admin-software.service.ts';

/** Problems listed in one answer; a file with more gets the count of the others (the answer stays small). */
export const maxListedProblems = 1000;

function refuse(problems: readonly Problem[]): never {
  const listed = problems.slice(0, maxListedProblems);
  if (problems.length > listed.length) listed.push({ path: '(catalogue)', message: `and ${problems.length - listed.length} more problems` });
  const count = problems.length === 1 ? 'one problem' : `${problems.length} problems`;
  throw badRequest('invalidParameters', `The catalogue has ${count}; nothing was changed.`, listed);
}

/**
 * What replacing the stored catalogue would lose: a model with CAD files missing from the file, or an
 * option value such files need. Only a full import brings those files back, so it takes `allowRemovals`.
 */
function removalProblems(state: CatalogueState, families: readonly CheckedFamily[]): Problem[] {
  const problems: Problem[] = [];
  const models = new Map(families.flatMap((family) => family.models.map((model) => [model.code, model] as const)));
  for (const [modelCode, files] of state.files) {
    const model = models.get(modelCode);
    if (!model) {
      problems.push({ path: '(catalogue)', message: `model ${modelCode} is missing: removing it deletes its ${files.length} CAD files (send allowRemovals=true to remove it)` });
      continue;
    }
    const values = new Set(model.groups.flatMap((group) => group.values.map((value) => value.code)));
    const lost = [...new Set(files.flatMap((file) => file.requiredOptions.filter((code) => !values.has(code))))];
    for (const code of lost.sort()) {
      const count = files.filter((file) => file.requiredOptions.includes(code)).length;
      problems.push({ path: '(catalogue)', message: `model ${modelCode} no longer has the option value ${code}, which ${count} of its CAD files need (send allowRemovals=true to accept)` });
    }
  }
  return problems;
}

function reportOf(records: CatalogueRecords, state: CatalogueState, families: readonly CheckedFamily[], query: CatalogueImportQuery): CatalogueImportReport {
  const models = families.flatMap((family) => family.models);
  const kept = new Set(models.map((model) => model.code));
  const keptFamilies = new Set(families.map((family) => family.code));
  const removedModels = [...state.models.keys()].filter((code) => !kept.has(code)).sort();
  return {
    format: records.format,
    dryRun: query.dryRun,
    applied: false,
    counts: {
      families: families.length,
      models: models.length,
      optionGroups: models.reduce((sum, model) => sum + model.groups.length, 0),
      optionValues: models.reduce((sum, model) => sum + model.groups.reduce((inGroup, group) => inGroup + group.values.length, 0), 0),
      exclusions: models.reduce((sum, model) => sum + model.exclusions.length, 0),
    },
    added: {
      families: families.map((family) => family.code).filter((code) => !state.families.has(code)),
      models: models.map((model) => model.code).filter((code) => !state.models.has(code)),
    },
    removed: { families: [...state.families].filter((code) => !keptFamilies.has(code)).sort(), models: removedModels },
    removedCadFiles: removedModels.reduce((sum, code) => sum + (state.files.get(code)?.length ?? 0), 0),
  };
}

/** Checks the catalogue against itself and what it would remove: the report, or 400 with every problem. */
async function plan(db: Kysely<Database>, records: CatalogueRecords, query: CatalogueImportQuery) {
  const checked = checkCatalogue(records);
  if (!checked.ok) refuse(checked.problems);
  const state = await readCatalogueState(db);
  if (!query.allowRemovals) {
    const problems = removalProblems(state, checked.families);
    if (problems.length > 0) refuse(problems);
  }
  return { families: checked.families, state, report: reportOf(records, state, checked.families, query) };
}

/** Checks a catalogue file and, unless it is a dry run, replaces the stored catalogue with it in one transaction (announced, so audited). */
export async function importCatalogue(deps: PublishingDeps, records: CatalogueRecords, query: CatalogueImportQuery, origin: ChangeOrigin): Promise<CatalogueImportReport> {
  if (query.dryRun) return (await plan(deps.db, records, query)).report;
  return deps.events.transaction(deps.db, async (trx, emit) => {
    const { families, state, report } = await plan(trx, records, query);
    const applied = { ...report, applied: true, removedCadFiles: await replaceCatalogue(trx, state, families) };
    await emit('cad.catalogue-imported', { before: state.counts, report: applied, origin });
    return applied;
  });
}
