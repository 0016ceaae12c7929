import { cadFormats, type CadFormat } from '@portal/contracts/cad-formats';
import type { CadCatalogueResponse, CadModel } from '@portal/contracts/cad';

/* The robot configurator's state as pure functions: what is chosen (kept in the URL), which step is open. */

type Family = CadCatalogueResponse['families'][number];
type OptionGroup = CadModel['optionGroups'][number];

/** What the user chose, as in the address bar: `?family=&model=&options=a,b,c&format=`. */
export interface ConfiguratorSelection {
  family: string | null;
  model: string | null;
  /** Option value codes, in the model's group order. */
  options: string[];
  format: CadFormat | null;
}

export type ConfiguratorStep = { kind: 'family' } | { kind: 'model' } | { kind: 'option'; group: OptionGroup } | { kind: 'results' };

/** The selection checked against the catalogue: unknown codes dropped, the family found from the model. */
export interface ResolvedSelection {
  family: Family | null;
  model: CadModel | null;
  /** Chosen value code per group code, only for values of the model. */
  chosen: Map<string, string>;
}

export function parseSelection(params: URLSearchParams): ConfiguratorSelection {
  const format = params.get('format');
  return {
    family: params.get('family') || null,
    model: params.get('model') || null,
    options: (params.get('options') ?? '').split(',').map((code) => code.trim()).filter(Boolean),
    format: format !== null && Object.hasOwn(cadFormats, format) ? (format as CadFormat) : null,
  };
}

/** The model names its family, so `family` is only written while no model is chosen. */
export function toSelectionParams(selection: ConfiguratorSelection): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.model) params.set('model', selection.model);
  else if (selection.family) params.set('family', selection.family);
  if (selection.options.length > 0) params.set('options', selection.options.join(','));
  if (selection.format) params.set('format', selection.format);
  return params;
}

export function resolveSelection(catalogue: CadCatalogueResponse, selection: ConfiguratorSelection): ResolvedSelection {
  const withModel = selection.model ? catalogue.families.find((family) => family.models.some((model) => model.code === selection.model)) : undefined;
  const family = withModel ?? catalogue.families.find((candidate) => candidate.code === selection.family) ?? null;
  const model = withModel?.models.find((candidate) => candidate.code === selection.model) ?? null;
  const chosen = new Map<string, string>();
  for (const group of model?.optionGroups ?? []) {
    const value = group.values.find((candidate) => selection.options.includes(candidate.code));
    if (value) chosen.set(group.code, value.code);
  }
  return { family, model, chosen };
}

/** Family, model, one step per option group of the model, then the matching files. */
export function configuratorSteps(model: CadModel | null): ConfiguratorStep[] {
  const groups = (model?.optionGroups ?? []).map((group): ConfiguratorStep => ({ kind: 'option', group }));
  return [{ kind: 'family' }, { kind: 'model' }, ...groups, { kind: 'results' }];
}

/** The first step still waiting for a choice; the results step once everything is chosen. */
export function firstOpenStep(resolved: ResolvedSelection): number {
  if (!resolved.family) return 0;
  if (!resolved.model) return 1;
  const open = resolved.model.optionGroups.findIndex((group) => !resolved.chosen.has(group.code));
  return open === -1 ? 2 + resolved.model.optionGroups.length : 2 + open;
}

/** Choosing a family or a model starts its later steps afresh; choosing an option replaces that group's value. */
export function choose(resolved: ResolvedSelection, step: ConfiguratorStep, code: string): ConfiguratorSelection {
  if (step.kind === 'family') return { family: code, model: null, options: [], format: null };
  if (step.kind === 'model') return { family: resolved.family?.code ?? null, model: code, options: [], format: null };
  const chosen = new Map(resolved.chosen);
  if (step.kind === 'option') chosen.set(step.group.code, code);
  const options = (resolved.model?.optionGroups ?? []).flatMap((group) => chosen.get(group.code) ?? []);
  return { family: resolved.family?.code ?? null, model: resolved.model?.code ?? null, options, format: null };
}

/** A chosen or wanted option value that cannot go with another one, and why. */
export interface OptionClash {
  value: string;
  other: string;
  reason: string;
}

/**
 * Which value already chosen in another group keeps `value` of `group` from being chosen, or null
 * when it can be. The API checks again; this only spares the user a refused configuration.
 */
export function exclusionOf(model: CadModel, chosen: Map<string, string>, group: string, value: string): OptionClash | null {
  const others = new Set([...chosen].filter(([groupCode]) => groupCode !== group).map(([, code]) => code));
  const clash = model.exclusions.find(({ values: [a, b] }) => (a === value && others.has(b)) || (b === value && others.has(a)));
  if (!clash) return null;
  const [a, b] = clash.values;
  return { value, other: a === value ? b : a, reason: clash.reason };
}

/** Every excluded pair among the chosen values (a shared or stale link can hold one), each once. */
export function selectionClashes(model: CadModel, chosen: Iterable<string>): OptionClash[] {
  const values = new Set(chosen);
  return model.exclusions
    .filter(({ values: [a, b] }) => values.has(a) && values.has(b))
    .map(({ values: [a, b], reason }) => ({ value: a, other: b, reason }));
}
