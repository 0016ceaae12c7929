import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertModel, defaultModelLimits } from '../previews/model-convert.ts';
import { writeModelGlb } from '../previews/model-glb.ts';
import type { ModelNode } from '../previews/model-mesh.ts';
import { demoCadFamilies, demoCadLibraries } from './cad-demo-data.ts';
import { demoModelFile } from './cad-file-generator.ts';

const committed = readdirSync(new URL('./cad-models/', import.meta.url)).filter((name) => /\.(stp|igs)$/.test(name)).sort();

const names = (node: ModelNode): string[] => [node.name, ...node.children.flatMap(names)];

/** The models the seed reads: each robot's base and option values, the STEP library's products. */
const usedModels = [
  ...demoCadFamilies.flatMap((family) => family.models.flatMap((model) => [`${model.code}_base`, ...model.groups.flatMap((group) => group.values.map((value) => value.code))])),
  ...demoCadLibraries.filter((library) => library.format === 'step').flatMap((library) => library.productCodes),
];

describe('demo CAD models', () => {
  it('has a committed STEP file for every model the seed offers, and an IGES file for every configurator part', () => {
    for (const model of usedModels) expect(committed).toContain(`${model}.stp`);
    for (const family of demoCadFamilies) for (const model of family.models) expect(committed).toContain(`${model.code}_base.igs`);
    for (const name of committed) expect(demoModelFile(name.slice(0, -4), name.endsWith('.stp') ? 'stp' : 'igs').length).toBeLessThan(100 * 1024);
  });

  it.each(committed)('converts %s to a GLB', async (name) => {
    const model = await convertModel(demoModelFile(name.slice(0, -4), name.endsWith('.stp') ? 'stp' : 'igs'), name, defaultModelLimits);
    expect(model.meshes.length).toBeGreaterThan(0);
    expect(model.meshes.every((mesh) => mesh.brepFaces.length > 0)).toBe(true);
    if (name.endsWith('.stp')) {
      // STEP keeps the assembly: every part named (upper case in the models) and coloured.
      expect(model.root.children[0]?.children.length).toBe(model.meshes.length);
      expect(model.meshes.every((mesh) => /^[A-Z][A-Z0-9_]+$/.test(mesh.name) && mesh.color !== undefined)).toBe(true);
      expect(names(model.root)).toEqual(expect.arrayContaining(model.meshes.map((mesh) => mesh.name)));
    }
    const glb = await writeModelGlb(model, defaultModelLimits.maxTriangles);
    expect(Buffer.from(glb.glb).subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.sizeMm.every((size) => size > 0)).toBe(true);
  }, 60_000);
});
