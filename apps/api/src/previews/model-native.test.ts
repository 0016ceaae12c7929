import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertModel, defaultModelLimits, ModelConversionError } from './model-convert.ts';
import { boundingBox, triangleCount } from './model-mesh.ts';
import { sandboxKind } from './sandbox.ts';
import { detectSystemTools } from './system-tools.ts';

const assembly = readFileSync(new URL('./testdata/assembly.step', import.meta.url));
const iges = readFileSync(new URL('./testdata/plate.igs', import.meta.url));
const tools = await detectSystemTools({ warn: () => undefined });
// CI installs occt-draw and bubblewrap (scripts/ensure-system-deps.mjs): there these tests must run.
const skip = (!tools.occtDraw || (await sandboxKind()) === 'none') && !process.env.CI;
/** Every STEP, IGES and BREP file goes to the native reader. */
const nativeOnly = { ...defaultModelLimits, wasmMaxBytes: 0 };

describe.skipIf(skip)("the native reader (Debian's OpenCascade) for files beyond the WebAssembly budget", () => {
  const draw = tools.occtDraw ?? '/usr/bin/occt-draw';

  it('reads a STEP assembly as the WebAssembly reader does: names, millimetres, Z up, B-rep faces', async () => {
    const native = await convertModel(assembly, 'assembly.step', nativeOnly, draw);
    const wasm = await convertModel(assembly, 'assembly.step', defaultModelLimits, null);
    const names = (model: typeof native) => {
      const all: string[] = [];
      const walk = (node: typeof native.root) => {
        all.push(node.name);
        node.children.forEach(walk);
      };
      walk(model.root);
      return all;
    };
    expect(names(native)).toEqual(expect.arrayContaining(['BASE_PLATE', 'PIN']));
    const size = (model: typeof native) => {
      const { min, max } = boundingBox(model);
      return max.map((value, axis) => Math.round(value - min[axis]!));
    };
    expect(size(native)).toEqual([40, 30, 25]);
    expect(size(native)).toEqual(size(wasm));
    // The plate with its hole: several B-rep faces, whose triangle ranges cover the mesh exactly.
    for (const mesh of native.meshes) {
      expect(mesh.brepFaces.length).toBeGreaterThan(2);
      expect(mesh.brepFaces[0]!.first).toBe(0);
      expect(mesh.brepFaces.at(-1)!.last).toBe(mesh.indices.length / 3 - 1);
    }
    expect(triangleCount(native)).toBeGreaterThan(50);
  });

  it('reads IGES', async () => {
    const model = await convertModel(iges, 'plate.igs', nativeOnly, draw);
    expect(triangleCount(model)).toBeGreaterThan(10);
  });

  it('says "preview not available" for a broken STEP, and stops at the time and memory limits', async () => {
    const broken = Buffer.from(`ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('X'));\nENDSEC;\nDATA;\n#1=NOT_A_SHAPE((#2,#3));\nENDSEC;\nEND-ISO-10303-21;\n`);
    await expect(convertModel(broken, 'broken.step', nativeOnly, draw)).rejects.toThrow(ModelConversionError);
    await expect(convertModel(assembly, 'slow.step', { ...nativeOnly, timeoutMs: 50 }, draw)).rejects.toThrow('took longer than');
    await expect(convertModel(assembly, 'big.step', { ...nativeOnly, nativeMemoryBytes: 32 * 1024 ** 2 }, draw)).rejects.toThrow('ran out of memory');
  });
});
