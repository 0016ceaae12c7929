import type { ModelData } from './model-mesh.ts';

/*
 * STL, binary or ASCII, read without OpenCascade. Memory is bounded by the caller's byte limit: a binary file's
 * declared triangle count must match its length, an ASCII file is read line by line with a triangle budget.
 */

export class StlError extends Error {}

export function readStl(bytes: Buffer, name: string, maxTriangles: number): ModelData {
  const mesh = isBinaryStl(bytes) ? readBinary(bytes, maxTriangles) : readAscii(bytes, maxTriangles);
  return { root: { name, meshes: [0], children: [] }, meshes: [{ name, positions: mesh, indices: sequence(mesh.length / 3), brepFaces: [] }] };
}

function isBinaryStl(bytes: Buffer): boolean {
  if (bytes.length < 84) return false;
  const count = bytes.readUInt32LE(80);
  return 84 + count * 50 === bytes.length;
}

function readBinary(bytes: Buffer, maxTriangles: number): Float32Array<ArrayBuffer> {
  const count = bytes.readUInt32LE(80);
  if (count === 0) throw new StlError('The STL file has no triangles');
  if (count > maxTriangles) throw new StlError(`The STL file has ${count} triangles, more than the ${maxTriangles} a preview takes`);
  const positions = new Float32Array(count * 9);
  for (let t = 0; t < count; t += 1) {
    const offset = 84 + t * 50 + 12;
    for (let k = 0; k < 9; k += 1) positions[t * 9 + k] = bytes.readFloatLE(offset + k * 4);
  }
  return positions;
}

function readAscii(bytes: Buffer, maxTriangles: number): Float32Array<ArrayBuffer> {
  const text = bytes.toString('latin1');
  if (!/^\s*solid\b/.test(text.slice(0, 512))) throw new StlError('The file is neither a binary nor an ASCII STL');
  const values: number[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const words = text.slice(start, end).trim().split(/\s+/);
    start = end + 1;
    if (words[0] !== 'vertex') continue;
    if (words.length !== 4) throw new StlError('An STL vertex line does not have three coordinates');
    for (let k = 1; k < 4; k += 1) {
      const value = Number(words[k]);
      if (!Number.isFinite(value)) throw new StlError('An STL vertex has a coordinate that is not a number');
      values.push(value);
    }
    if (values.length > maxTriangles * 9) throw new StlError(`The STL file has more than the ${maxTriangles} triangles a preview takes`);
  }
  if (values.length === 0 || values.length % 9 !== 0) throw new StlError('The STL file has no complete triangles');
  return Float32Array.from(values);
}

function sequence(length: number): Uint32Array<ArrayBuffer> {
  const indices = new Uint32Array(length);
  for (let i = 0; i < length; i += 1) indices[i] = i;
  return indices;
}
