import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertModel, defaultModelLimits } from './model-convert.ts';
import { writeModelGlb } from './model-glb.ts';
import { triangleCount } from './model-mesh.ts';

const assembly = readFileSync(new URL('./testdata/assembly.step', import.meta.url));

describe('the GLB of a model', () => {
  it('keeps every triangle and the B-rep faces within the limit, and decimates beyond it', async () => {
    const model = await convertModel(assembly, 'assembly.step', defaultModelLimits);
    const all = triangleCount(model);
    const kept = await writeModelGlb(model, all);
    expect(kept.triangles).toBe(all);
    expect(Buffer.from(kept.glb).toString('latin1')).toContain('brepFaces":[{');

    const decimated = await writeModelGlb(model, Math.floor(all / 3));
    expect(decimated.triangles).toBeLessThanOrEqual(Math.ceil(all / 3) + 12);
    expect(decimated.triangles).toBeGreaterThan(0);
    expect(decimated.sizeMm).toEqual(kept.sizeMm);
    // The face ranges no longer hold once decimated: left out rather than wrong.
    expect(Buffer.from(decimated.glb).toString('latin1')).not.toContain('brepFaces":[{');
  });
});
