import type { ErrorDetail } from '../../platform/errors.ts';

/* The robot configurator's rules as pure functions: which option selections are valid, which files match. */

export interface OptionGroup {
  code: string;
  label: string;
  values: Array<{ code: string; label: string }>;
}

export interface Exclusion {
  valueA: string;
  valueB: string;
  reason: string;
}

export interface ChosenOption {
  group: string;
  groupLabel: string;
  value: string;
  label: string;
}

export type SelectionResult = { ok: true; chosen: ChosenOption[] } | { ok: false; problems: ErrorDetail[] };

/** Splits `a,b,c` into trimmed, non-empty codes. */
export function parseOptionList(options: string): string[] {
  return options.split(',').map((code) => code.trim()).filter((code) => code.length > 0);
}

/**
 * Checks a selection of option values against a model: every code known, exactly one value per
 * group, no excluded pair. Lists every problem at once so the user can fix them together.
 */
export function checkSelection(modelCode: string, groups: readonly OptionGroup[], exclusions: readonly Exclusion[], selected: readonly string[]): SelectionResult {
  const problems: ErrorDetail[] = [];
  const groupOf = new Map(groups.flatMap((group) => group.values.map((value) => [value.code, { group, value }] as const)));
  for (const code of new Set(selected)) {
    if (!groupOf.has(code)) problems.push({ path: 'options', message: `"${code}" is not an option of ${modelCode}.` });
  }
  const chosen: ChosenOption[] = [];
  for (const group of groups) {
    const picked = [...new Set(selected)].filter((code) => groupOf.get(code)?.group === group);
    if (picked.length === 0) {
      problems.push({ path: `options.${group.code}`, message: `Choose one ${group.label}: ${group.values.map((value) => `${value.label} (${value.code})`).join(', ')}.` });
    } else if (picked.length > 1) {
      const labels = picked.map((code) => groupOf.get(code)!.value.label);
      problems.push({ path: `options.${group.code}`, message: `Choose only one ${group.label}, not ${labels.join(' and ')}.` });
    } else {
      const value = groupOf.get(picked[0]!)!.value;
      chosen.push({ group: group.code, groupLabel: group.label, value: value.code, label: value.label });
    }
  }
  const chosenLabels = new Map(chosen.map((option) => [option.value, option.label]));
  for (const exclusion of exclusions) {
    const [a, b] = [chosenLabels.get(exclusion.valueA), chosenLabels.get(exclusion.valueB)];
    // Named by their labels, as the user chose them, never by their codes.
    if (a !== undefined && b !== undefined) problems.push({ path: 'options', message: `${a} and ${b} cannot be combined: ${exclusion.reason}` });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, chosen };
}

/** The stable id of a configuration: the model and its values in group order. */
export function configurationId(modelCode: string, chosen: readonly ChosenOption[]): string {
  return `${modelCode}/${chosen.map((option) => option.value).join(',')}`;
}

/** The files of a configuration: those whose required options are all chosen. */
export function matchingFiles<T extends { requiredOptions: string }>(files: readonly T[], chosen: readonly ChosenOption[]): T[] {
  const chosenCodes = new Set(chosen.map((option) => option.value));
  return files.filter((file) => (JSON.parse(file.requiredOptions) as string[]).every((code) => chosenCodes.has(code)));
}
