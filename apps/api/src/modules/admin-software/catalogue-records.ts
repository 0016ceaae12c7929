import { parse } from 'csv-parse/sync';
import { catalogueCsvColumns, catalogueCsvKinds } from '@portal/contracts/admin-software';
import type { ErrorDetail } from '../../platform/errors.ts';

/*
 * The two file formats of the configurator's catalogue read into one flat list of records per kind,
 * each knowing where it came from, so that one checker (catalogue-check.ts) reports problems for both
 * with the file's own paths. Values stay `unknown` here: the checker types them.
 */

export type Problem = ErrorDetail;

/** Where a field of a record is in the file (`''`: the record itself). */
export type Locate = (field: string) => string;

interface Located {
  at: Locate;
}
export interface FamilyRecord extends Located { code: unknown; name: unknown; description: unknown; audience: unknown }
export interface ModelRecord extends Located { family: unknown; code: unknown; name: unknown; description: unknown; revision: unknown }
export interface GroupRecord extends Located { model: unknown; code: unknown; label: unknown }
export interface ValueRecord extends Located { model: unknown; group: unknown; code: unknown; label: unknown }
export interface ExclusionRecord extends Located { model: unknown; valueA: unknown; valueB: unknown; reason: unknown }

export interface CatalogueRecords {
  format: 'json' | 'csv';
  families: FamilyRecord[];
  models: ModelRecord[];
  groups: GroupRecord[];
  values: ValueRecord[];
  exclusions: ExclusionRecord[];
  /** What prevented reading part of the file (not a list, an unknown column …). */
  problems: Problem[];
}

/** More rows than any real catalogue has; the body limit bounds the work anyway. */
export const maxCatalogueRecords = 50_000;

export const emptyRecords = (format: CatalogueRecords['format']): CatalogueRecords => ({ format, families: [], models: [], groups: [], values: [], exclusions: [], problems: [] });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The items of a list field; a problem (and none) when it is not a list. */
function listAt(owner: Record<string, unknown>, key: string, path: string, records: CatalogueRecords, optional = false): unknown[] {
  const value = owner[key];
  if (Array.isArray(value)) return value;
  if (!(optional && value === undefined)) records.problems.push({ path, message: 'must be a list' });
  return [];
}

function objectsAt(owner: Record<string, unknown>, key: string, path: string, records: CatalogueRecords, optional = false): Array<[Record<string, unknown>, string]> {
  const objects: Array<[Record<string, unknown>, string]> = [];
  listAt(owner, key, path, records, optional).forEach((item, index) => {
    const itemPath = `${path}[${index}]`;
    if (isObject(item)) objects.push([item, itemPath]);
    else records.problems.push({ path: itemPath, message: 'must be an object' });
  });
  return objects;
}

const jsonLocate = (path: string, rename: Record<string, string> = {}): Locate => (field) => (field === '' ? path : `${path}.${rename[field] ?? field}`);

/** The JSON format: `{ families: [{ code, name, description, audience, models: [{ …, optionGroups, exclusions }] }] }`. */
export function recordsFromJson(body: unknown): CatalogueRecords {
  const records = emptyRecords('json');
  if (!isObject(body)) {
    records.problems.push({ path: '(catalogue)', message: 'must be an object with a families list' });
    return records;
  }
  for (const [family, familyPath] of objectsAt(body, 'families', 'families', records)) {
    records.families.push({ at: jsonLocate(familyPath), code: family.code, name: family.name, description: family.description, audience: family.audience });
    for (const [model, modelPath] of objectsAt(family, 'models', `${familyPath}.models`, records)) {
      records.models.push({ at: jsonLocate(modelPath), family: family.code, code: model.code, name: model.name, description: model.description, revision: model.revision });
      for (const [group, groupPath] of objectsAt(model, 'optionGroups', `${modelPath}.optionGroups`, records)) {
        records.groups.push({ at: jsonLocate(groupPath), model: model.code, code: group.code, label: group.label });
        for (const [value, valuePath] of objectsAt(group, 'values', `${groupPath}.values`, records)) {
          records.values.push({ at: jsonLocate(valuePath), model: model.code, group: group.code, code: value.code, label: value.label });
        }
      }
      for (const [exclusion, exclusionPath] of objectsAt(model, 'exclusions', `${modelPath}.exclusions`, records, true)) {
        const pair = listAt(exclusion, 'values', `${exclusionPath}.values`, records);
        if (pair.length !== 2) {
          if (Array.isArray(exclusion.values)) records.problems.push({ path: `${exclusionPath}.values`, message: 'must hold exactly two option value codes' });
          continue;
        }
        records.exclusions.push({
          at: jsonLocate(exclusionPath, { valueA: 'values[0]', valueB: 'values[1]' }),
          model: model.code,
          valueA: pair[0],
          valueB: pair[1],
          reason: exclusion.reason,
        });
      }
    }
  }
  return records;
}

type CsvRow = Record<string, string | undefined>;

/** The column of a group row's fields, where the names differ. */
const groupColumns: Record<string, string> = { code: 'group', label: 'name' };

/** The CSV format: a header naming `catalogueCsvColumns`, then one record per row (kind: family, model, group, value, exclusion). */
export function recordsFromCsv(text: string): CatalogueRecords {
  const records = emptyRecords('csv');
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, trim: true, relax_column_count: true, skip_empty_lines: false, to_line: maxCatalogueRecords + 2 }) as string[][];
  } catch (error) {
    records.problems.push({ path: '(file)', message: `is not readable CSV: ${error instanceof Error ? error.message : String(error)}` });
    return records;
  }
  const [header = [], ...body] = rows;
  const known = new Set<string>(catalogueCsvColumns);
  const seen = new Set<string>();
  header.forEach((column) => {
    if (!known.has(column)) records.problems.push({ path: 'row 1 (header)', message: `unknown column "${column}"; the columns are ${catalogueCsvColumns.join(', ')}` });
    else if (seen.has(column)) records.problems.push({ path: 'row 1 (header)', message: `column "${column}" appears twice` });
    seen.add(column);
  });
  if (!seen.has('kind')) {
    records.problems.push({ path: 'row 1 (header)', message: 'has no kind column' });
    return records;
  }
  if (body.length > maxCatalogueRecords) records.problems.push({ path: '(file)', message: `has more than ${maxCatalogueRecords} rows` });
  body.slice(0, maxCatalogueRecords).forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((cell) => cell === '')) return;
    const at: Locate = (field) => (field === '' ? `row ${row}` : `row ${row} (${field})`);
    if (cells.length > header.length) records.problems.push({ path: at(''), message: `has ${cells.length} fields, the header ${header.length}` });
    const values: CsvRow = Object.fromEntries(header.map((column, position) => [column, cells[position]]));
    const kind = values.kind ?? '';
    switch (kind) {
      case 'family':
        records.families.push({ at: (field) => at(field === 'code' ? 'family' : field), code: values.family, name: values.name, description: values.description, audience: values.audience });
        break;
      case 'model':
        records.models.push({ at: (field) => at(field === 'code' ? 'model' : field), family: values.family, code: values.model, name: values.name, description: values.description, revision: values.revision });
        break;
      case 'group':
        records.groups.push({ at: (field) => at(groupColumns[field] ?? field), model: values.model, code: values.group, label: values.name });
        break;
      case 'value':
        records.values.push({ at: (field) => at(field === 'label' ? 'name' : field), model: values.model, group: values.group, code: values.code, label: values.name });
        break;
      case 'exclusion':
        records.exclusions.push({ at, model: values.model, valueA: values.valueA, valueB: values.valueB, reason: values.reason });
        break;
      default:
        records.problems.push({ path: at('kind'), message: `"${kind}" is not one of ${catalogueCsvKinds.join(', ')}` });
    }
  });
  return records;
}
