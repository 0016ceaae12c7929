// STL, binary or ASCII, read without OpenCascade, in the conversion's worker thread (model-worker.mjs). Memory is
// bounded by the caller's byte limit and a triangle budget: a binary file's declared triangle count must match its
// length, an ASCII file is read line by line into a growing typed array. Plain JavaScript.

/**
 * @param {Uint8Array} bytes
 * @param {string} name the part's name (the file's base name)
 * @param {number} maxTriangles
 * @returns {{ root: { name: string, meshes: number[], children: [] }, meshes: { name: string, positions: Float32Array, indices: Uint32Array, brepFaces: [] }[] }}
 */
export function readStl(bytes, name, maxTriangles) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const positions = isBinaryStl(view) ? readBinary(view, maxTriangles) : readAscii(bytes, maxTriangles);
  return { root: { name, meshes: [0], children: [] }, meshes: [{ name, positions, indices: sequence(positions.length / 3), brepFaces: [] }] };
}

function isBinaryStl(view) {
  if (view.byteLength < 84) return false;
  return 84 + view.getUint32(80, true) * 50 === view.byteLength;
}

function readBinary(view, maxTriangles) {
  const count = view.getUint32(80, true);
  if (count === 0) throw new Error('The STL file has no triangles');
  if (count > maxTriangles) throw new Error(`The STL file has ${count} triangles, more than the ${maxTriangles} a preview takes`);
  const positions = new Float32Array(count * 9);
  for (let t = 0; t < count; t += 1) {
    const offset = 84 + t * 50 + 12;
    for (let k = 0; k < 9; k += 1) positions[t * 9 + k] = view.getFloat32(offset + k * 4, true);
  }
  return positions;
}

function readAscii(bytes, maxTriangles) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!/^\s*solid\b/.test(text.slice(0, 512))) throw new Error('The file is neither a binary nor an ASCII STL');
  let values = new Float32Array(9 * 1024);
  let length = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const words = text.slice(start, end).trim().split(/\s+/);
    start = end + 1;
    if (words[0] !== 'vertex') continue;
    if (words.length !== 4) throw new Error('An STL vertex line does not have three coordinates');
    if (length + 3 > maxTriangles * 9) throw new Error(`The STL file has more than the ${maxTriangles} triangles a preview takes`);
    if (length + 3 > values.length) {
      const grown = new Float32Array(Math.min(values.length * 2, maxTriangles * 9));
      grown.set(values);
      values = grown;
    }
    for (let k = 1; k < 4; k += 1) {
      const value = Number(words[k]);
      if (!Number.isFinite(value)) throw new Error('An STL vertex has a coordinate that is not a number');
      values[length] = value;
      length += 1;
    }
  }
  if (length === 0 || length % 9 !== 0) throw new Error('The STL file has no complete triangles');
  return values.slice(0, length);
}

function sequence(length) {
  const indices = new Uint32Array(length);
  for (let i = 0; i < length; i += 1) indices[i] = i;
  return indices;
}
