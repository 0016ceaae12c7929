import { z } from 'zod';
import { catalogueCodeSchema, contentAudienceSchema } from '@portal/contracts/admin-software';
import type { CatalogueRecords, Locate, Problem } from './catalogue-records.ts';

/*
 * Checks a catalogue read from either format and reports every problem at once: each field, each
 * reference (a model's family, a value's group, an exclusion's values), duplicates, and what is
 * empty (a family without models, a model without groups, a group without values).
 */

export interface CheckedModel {
  code: string;
  name: string;
  description: string;
  revision: string;
  groups: Array<{ code: string; label: string; values: Array<{ code: string; label: string }> }>;
  exclusions: Array<{ valueA: string; valueB: string; reason: string }>;
}

export interface CheckedFamily {
  code: string;
  name: string;
  description: string;
  /** Absent: an existing family keeps its audience, a new one is `everyone`. */
  audience?: 'everyone' | 'restricted';
  models: CheckedModel[];
}

export type CheckResult = { ok: true; families: CheckedFamily[] } | { ok: false; problems: Problem[] };

const label = z.string().trim().min(1, 'is required').max(200);
const description = z.string().max(5000);
const revision = z.string().trim().min(1, 'is required').max(40);

const limits = { groupsPerModel: 50, valuesPerGroup: 200, exclusionsPerModel: 2000, modelsPerFamily: 500, families: 200 };

/** A checker of one catalogue: collects problems while reading fields. */
class Checker {
  readonly problems: Problem[] = [];

  problem(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  /** A required field; undefined (with the problem) when absent or invalid. */
  required<T>(at: Locate, field: string, raw: unknown, schema: z.ZodType<T>): T | undefined {
    if (raw === undefined || raw === null || raw === '') {
      this.problem(at(field), 'is required');
      return undefined;
    }
    return this.parse(at, field, raw, schema);
  }

  /** An optional field: absent (undefined, null or an empty CSV cell) is fine. */
  optional<T>(at: Locate, field: string, raw: unknown, schema: z.ZodType<T>): T | undefined {
    if (raw === undefined || raw === null || raw === '') return undefined;
    return this.parse(at, field, raw, schema);
  }

  /** The code, name and description that families and models both have; name and description '' when invalid. */
  entry(record: { at: Locate; code?: unknown; name?: unknown; description?: unknown }): { code: string | undefined; name: string; description: string } {
    return {
      code: this.required(record.at, 'code', record.code, catalogueCodeSchema),
      name: this.required(record.at, 'name', record.name, label) ?? '',
      description: this.optional(record.at, 'description', record.description, description) ?? '',
    };
  }

  private parse<T>(at: Locate, field: string, raw: unknown, schema: z.ZodType<T>): T | undefined {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    this.problem(at(field), parsed.error.issues[0]?.message ?? 'is invalid');
    return undefined;
  }
}

/** The trimmed text of a reference field, to match it against codes; '' when it is not text. */
const reference = (raw: unknown) => (typeof raw === 'string' ? raw.trim() : '');

export function checkCatalogue(records: CatalogueRecords): CheckResult {
  const check = new Checker();
  check.problems.push(...records.problems);

  // Every code written in the file, valid or not: a reference to an invalid code is not reported twice.
  const familyCodesWritten = new Set(records.families.map((family) => reference(family.code)));
  const modelCodesWritten = new Set(records.models.map((model) => reference(model.code)));
  const groupCodesWritten = new Set(records.groups.map((group) => `${reference(group.model)}/${reference(group.code)}`));

  const families = new Map<string, CheckedFamily & { at: Locate }>();
  for (const record of records.families) {
    const { code, ...named } = check.entry(record);
    const audience = check.optional(record.at, 'audience', record.audience, contentAudienceSchema);
    if (code === undefined) continue;
    const first = families.get(code);
    if (first) check.problem(record.at('code'), `family ${code} is defined twice (first at ${first.at('code')})`);
    else families.set(code, { at: record.at, code, ...named, ...(audience ? { audience } : {}), models: [] });
  }

  const models = new Map<string, CheckedModel & { at: Locate; family: string }>();
  for (const record of records.models) {
    const family = reference(record.family);
    if (!families.has(family) && !familyCodesWritten.has(family)) {
      check.problem(record.at('family'), family ? `names family ${family}, which the catalogue does not define` : 'is required');
    }
    const { code, ...named } = check.entry(record);
    const modelRevision = check.required(record.at, 'revision', record.revision, revision);
    if (code === undefined) continue;
    const first = models.get(code);
    if (first) {
      check.problem(record.at('code'), `model ${code} is defined twice (first at ${first.at('code')})`);
      continue;
    }
    const model = { at: record.at, family, code, ...named, revision: modelRevision ?? '', groups: [], exclusions: [] };
    models.set(code, model);
    families.get(family)?.models.push(model);
  }

  /** The model a group, value or exclusion belongs to; a problem when the file does not define it. */
  const ownerModel = (at: Locate, raw: unknown) => {
    const code = reference(raw);
    const model = models.get(code);
    if (!model && !modelCodesWritten.has(code)) check.problem(at('model'), code ? `names model ${code}, which the catalogue does not define` : 'is required');
    return model;
  };

  const groupAt = new Map<string, Locate>();
  for (const record of records.groups) {
    const model = ownerModel(record.at, record.model);
    const code = check.required(record.at, 'code', record.code, catalogueCodeSchema);
    const groupLabel = check.required(record.at, 'label', record.label, label);
    if (!model || code === undefined) continue;
    const key = `${model.code}/${code}`;
    const first = groupAt.get(key);
    if (first) check.problem(record.at('code'), `model ${model.code} has the option group ${code} twice (first at ${first('code')})`);
    else {
      groupAt.set(key, record.at);
      model.groups.push({ code, label: groupLabel ?? '', values: [] });
    }
  }

  /** Value code → its group, per model (value codes are unique within a model). */
  const valueGroup = new Map<string, { group: string; at: Locate }>();
  for (const record of records.values) {
    const model = ownerModel(record.at, record.model);
    const groupCode = reference(record.group);
    const code = check.required(record.at, 'code', record.code, catalogueCodeSchema);
    const valueLabel = check.required(record.at, 'label', record.label, label);
    if (!model) continue;
    const group = model.groups.find((candidate) => candidate.code === groupCode);
    if (!group) {
      if (!groupCodesWritten.has(`${model.code}/${groupCode}`)) check.problem(record.at('group'), groupCode ? `model ${model.code} has no option group ${groupCode}` : 'is required');
      continue;
    }
    if (code === undefined) continue;
    const first = valueGroup.get(`${model.code}/${code}`);
    if (first) check.problem(record.at('code'), `model ${model.code} has the option value ${code} twice (first at ${first.at('code')}); value codes are unique within a model`);
    else {
      valueGroup.set(`${model.code}/${code}`, { group: group.code, at: record.at });
      group.values.push({ code, label: valueLabel ?? '' });
    }
  }

  const pairs = new Set<string>();
  for (const record of records.exclusions) {
    const model = ownerModel(record.at, record.model);
    const reason = check.required(record.at, 'reason', record.reason, label);
    const codes = (['valueA', 'valueB'] as const).map((field) => {
      const code = check.required(record.at, field, record[field], catalogueCodeSchema);
      if (model && code !== undefined && !valueGroup.has(`${model.code}/${code}`)) {
        check.problem(record.at(field), `model ${model.code} has no option value ${code}`);
        return undefined;
      }
      return code;
    });
    const [valueA, valueB] = codes;
    if (!model || valueA === undefined || valueB === undefined) continue;
    if (valueGroup.get(`${model.code}/${valueA}`)!.group === valueGroup.get(`${model.code}/${valueB}`)!.group) {
      check.problem(record.at('valueB'), `${valueA} and ${valueB} belong to the same option group, which never combines two values`);
      continue;
    }
    const key = [model.code, ...[valueA, valueB].sort()].join('/');
    if (pairs.has(key)) {
      check.problem(record.at('valueB'), `the exclusion of ${valueA} and ${valueB} in model ${model.code} is given twice`);
      continue;
    }
    pairs.add(key);
    model.exclusions.push({ valueA, valueB, reason: reason ?? '' });
  }

  if (families.size === 0 && check.problems.length === 0) check.problem('(catalogue)', 'defines no family: an empty catalogue is refused');
  if (families.size > limits.families) check.problem('(catalogue)', `defines ${families.size} families, at most ${limits.families}`);
  for (const family of families.values()) {
    if (family.models.length === 0) check.problem(family.at(''), `family ${family.code} has no model`);
    if (family.models.length > limits.modelsPerFamily) check.problem(family.at(''), `family ${family.code} has more than ${limits.modelsPerFamily} models`);
  }
  for (const model of models.values()) {
    if (model.groups.length === 0) check.problem(model.at(''), `model ${model.code} has no option group`);
    if (model.groups.length > limits.groupsPerModel) check.problem(model.at(''), `model ${model.code} has more than ${limits.groupsPerModel} option groups`);
    if (model.exclusions.length > limits.exclusionsPerModel) check.problem(model.at(''), `model ${model.code} has more than ${limits.exclusionsPerModel} exclusions`);
    for (const group of model.groups) {
      const at = groupAt.get(`${model.code}/${group.code}`)!;
      if (group.values.length === 0) check.problem(at(''), `option group ${group.code} of model ${model.code} has no value`);
      if (group.values.length > limits.valuesPerGroup) check.problem(at(''), `option group ${group.code} of model ${model.code} has more than ${limits.valuesPerGroup} values`);
    }
  }

  if (check.problems.length > 0) return { ok: false, problems: check.problems };
  return {
    ok: true,
    families: [...families.values()].map(({ at: _at, models: familyModels, ...family }) => ({
      ...family,
      models: familyModels.map((model) => {
        const { code, name, description: text, revision: modelRevision, groups, exclusions } = model;
        return { code, name, description: text, revision: modelRevision, groups, exclusions };
      }),
    })),
  };
}
