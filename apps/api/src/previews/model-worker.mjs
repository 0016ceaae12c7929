// One CAD file's conversion in a worker thread of its own, so that parsing never blocks the API's event loop:
// STEP, IGES and BREP by occt-import-js (OpenCascade as WebAssembly), STL by model-stl.mjs. The thread is
// terminated at the wall-clock limit, and the WebAssembly heap cannot grow beyond the 2 GiB the module is built
// with (its getHeapMax). Plain JavaScript, loaded by model-convert.ts.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { readStl } from './model-stl.mjs';

const require = createRequire(import.meta.url);
const readers = { step: 'ReadStepFile', iges: 'ReadIgesFile', brep: 'ReadBrepFile' };

async function convert({ format, bytes, name, maxTriangles }) {
  if (format === 'stl') return readStl(new Uint8Array(bytes), name, maxTriangles);
  const occt = await require('occt-import-js')();
  const params = { linearUnit: 'millimeter', linearDeflectionType: 'bounding_box_ratio', linearDeflection: 0.001, angularDeflection: 0.5 };
  const result = occt[readers[format]](new Uint8Array(bytes), params);
  if (!result || !result.success) throw new Error(`OpenCascade could not read the ${format.toUpperCase()} file`);
  const meshes = result.meshes.map((mesh) => ({
    name: typeof mesh.name === 'string' ? mesh.name : '',
    color: Array.isArray(mesh.color) ? mesh.color : undefined,
    positions: Float32Array.from(mesh.attributes.position.array),
    indices: Uint32Array.from(mesh.index.array),
    brepFaces: (mesh.brep_faces ?? []).map((face) => ({ first: face.first, last: face.last })),
  }));
  return { root: result.root, meshes };
}

convert(workerData).then(
  (result) => parentPort.postMessage({ result }, result.meshes.flatMap((mesh) => [mesh.positions.buffer, mesh.indices.buffer])),
  (error) => parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
