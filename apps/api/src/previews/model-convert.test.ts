import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertModel, defaultModelLimits, ModelConversionError } from './model-convert.ts';

const plate = readFileSync(new URL('./testdata/plate.stl', import.meta.url));

/** A binary STL of `count` triangles, all (0,0,0) (1,0,0) (0,1,0). */
function binaryStl(count: number): Buffer {
  const bytes = Buffer.alloc(84 + count * 50);
  bytes.writeUInt32LE(count, 80);
  for (let t = 0; t < count; t += 1) {
    bytes.writeFloatLE(1, 84 + t * 50 + 24);
    bytes.writeFloatLE(1, 84 + t * 50 + 40);
  }
  return bytes;
}

describe('STL conversion in the worker thread', () => {
  it('reads binary and ASCII STL', async () => {
    const binary = await convertModel(plate, 'plate.stl', defaultModelLimits);
    expect(binary.root.name).toBe('plate');
    expect(binary.meshes[0]?.indices.length).toBe(plate.readUInt32LE(80) * 3);
    const ascii = await convertModel(Buffer.from('solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 10 0 0\nvertex 0 10 0\nendloop\nendfacet\nendsolid t\n'), 't.stl', defaultModelLimits);
    expect(Array.from(ascii.meshes[0]?.positions ?? [])).toEqual([0, 0, 0, 10, 0, 0, 0, 10, 0]);
  });

  it('refuses more than four times the triangle limit, and ASCII that is not STL', async () => {
    const limits = { ...defaultModelLimits, maxTriangles: 10 };
    await expect(convertModel(binaryStl(40), 'ok.stl', limits)).resolves.toMatchObject({ meshes: [expect.anything()] });
    await expect(convertModel(binaryStl(41), 'big.stl', limits)).rejects.toThrow(new ModelConversionError('The STL file has 41 triangles, more than the 40 a preview takes'));
    await expect(convertModel(Buffer.from('hello, not a model'), 'note.stl', limits)).rejects.toThrow('neither a binary nor an ASCII STL');
  });

  it('stops an STL parse at the time limit (it runs off the calling thread)', async () => {
    await expect(convertModel(binaryStl(200_000), 'slow.stl', { ...defaultModelLimits, timeoutMs: 1 })).rejects.toThrow('took longer than');
  });
});
