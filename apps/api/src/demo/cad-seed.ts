import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';
import { cadFile } from './cad-file-generator.ts';
import { demoCadFamilies, demoCadLibraries, mechanicalFormats, type DemoCadModel } from './cad-demo-data.ts';
import { findFamily, insertCadFamily, insertCadLibrary, listLibraries, type CadModelInput } from '../modules/cad/index.ts';

const partnersOnly = [{ kind: 'role' as const, value: 'partner' }];

/** Every component file of a model: the base in every format, one part per option value, the EPLAN macro. */
function modelFiles(model: DemoCadModel): CadModelInput['files'] {
  const parts = [
    { component: 'base', requiredOptions: [] as string[], part: { name: `${model.code}_base`, description: `${model.name}, base and axes 1-3`, size: model.baseSize, model: `${model.code}_base` } },
    ...model.groups.flatMap((group) =>
      group.values.map((value) => ({
        component: group.code,
        requiredOptions: [value.code],
        part: { name: `${model.code}_${value.code}`, description: `${model.name}, ${group.label.toLowerCase()} ${value.label}`, size: value.size, model: value.code },
      })),
    ),
  ];
  const mechanical = parts.flatMap(({ component, requiredOptions, part }) =>
    mechanicalFormats.map((format) => ({ ...cadFile(part, format), format, component, requiredOptions })),
  );
  const electrical = { name: `${model.code}_connection`, description: `${model.name}, electrical connection`, size: model.baseSize, model: `${model.code}_base` };
  return [...mechanical, { ...cadFile(electrical, 'eplan'), format: 'eplan', component: 'electrical', requiredOptions: [] }];
}

/**
 * Seeds the demo robot catalogue and partner libraries. Idempotent: families and libraries already
 * present (by code, by name) are skipped; each is written in one transaction. Returns how many it added.
 */
export async function seedCad(deps: { db: Kysely<Database>; storage: FileStorage }): Promise<number> {
  let added = 0;
  for (const [index, family] of demoCadFamilies.entries()) {
    if (await findFamily(deps.db, family.code)) continue;
    await insertCadFamily(deps.db, deps.storage, {
      code: family.code,
      name: family.name,
      description: family.description,
      models: family.models.map((model) => ({
        code: model.code,
        name: model.name,
        description: model.description,
        revision: model.revision,
        groups: model.groups.map((group) => ({ code: group.code, label: group.label, values: group.values.map(({ code, label }) => ({ code, label })) })),
        exclusions: model.exclusions,
        files: modelFiles(model),
      })),
    }, index);
    added += 1;
  }
  const existing = new Set((await listLibraries(deps.db)).map((library) => library.name));
  for (const library of demoCadLibraries) {
    if (existing.has(library.name)) continue;
    await insertCadLibrary(deps.db, deps.storage, {
      cadTool: library.cadTool,
      name: library.name,
      description: library.description,
      productCodes: library.productCodes,
      audience: library.audience,
      rules: library.audience === 'restricted' ? partnersOnly : [],
      versions: library.versions.map((version) => ({
        ...version,
        files: library.productCodes.map((code, index) => {
          const size: [number, number, number] = [200 + index * 40, 150, 120];
          return cadFile({ name: `${code}_${version.version}`, description: `${code} for ${library.cadTool}, library ${version.version}`, size, model: code }, library.format);
        }),
      })),
    });
    added += 1;
  }
  return added;
}
