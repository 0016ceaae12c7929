import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeIO, type Node } from '@gltf-transform/core';
import { linkUnversionedLibraries } from './occt-libraries.mjs';
import type { ModelData, ModelMesh, ModelNode } from './model-mesh.ts';
import { runConverter, ToolError } from './run-tool.ts';

/** What the native conversion may use: its wall-clock time and its address space. */
export interface NativeModelLimits {
  timeoutMs: number;
  memoryBytes: number;
}

/** A native conversion that failed; the message is shown as the reason (never DRAW's own output). */
export class NativeModelError extends Error {}

/*
 * The script DRAW runs: it reads `input.<ext>` of its working folder into an XDE document (names and colours kept),
 * meshes it with a deflection of 1/1000 of the model's largest extent and 0.5 rad (as the WebAssembly reader does),
 * and writes `model.glb`, one primitive per B-rep face. Nothing of the file's name or content is put into the script.
 */
const readers = {
  step: 'ReadStep D input.step',
  iges: 'ReadIges D input.iges',
  brep: 'restore input.brep shape\nXNewDoc D\nXAddShape D shape',
} as const;

function script(format: keyof typeof readers): string {
  return [
    'pload MODELING OCAF XDE DATAEXCHANGE',
    readers[format],
    'XGetOneShape all D',
    'set box [bounding all]',
    'set extent [expr {max([lindex $box 3] - [lindex $box 0], [lindex $box 4] - [lindex $box 1], [lindex $box 5] - [lindex $box 2])}]',
    'incmesh all [expr {max($extent * 0.001, 1e-4)}] -a 28.6',
    'WriteGltf D model.glb',
    'exit',
    '',
  ].join('\n');
}

/**
 * Converts a STEP, IGES or BREP file with Debian's OpenCascade (`occt-draw`, several times faster than the
 * WebAssembly build on large assemblies) in the converters' sandbox (no network, only its own folder), under a
 * wall-clock and an address-space limit, and reads its glTF back as the model the GLB writer takes: millimetres,
 * Z up, the assembly tree with its names, one mesh per part with its B-rep faces' triangle ranges.
 */
export async function convertModelNative(draw: string, bytes: Buffer, format: keyof typeof readers, limits: NativeModelLimits): Promise<ModelData> {
  const workDir = await mkdtemp(join(tmpdir(), 'portal-model-'));
  try {
    const libraries = join(workDir, 'libraries');
    await mkdir(libraries);
    linkUnversionedLibraries(libraries);
    await writeFile(join(workDir, `input.${format}`), bytes);
    await writeFile(join(workDir, 'convert.tcl'), script(format));
    try {
      await runConverter('prlimit', [`--as=${limits.memoryBytes}`, '--', draw, '-b', '-f', 'convert.tcl'], {
        timeoutMs: limits.timeoutMs,
        sandbox: { workDir, inputs: [], env: { LD_LIBRARY_PATH: libraries } },
      });
    } catch (error) {
      if (error instanceof ToolError && error.timedOut) throw new NativeModelError(`The conversion took longer than ${Math.round(limits.timeoutMs / 1000)} s and was stopped`);
      if (error instanceof ToolError) throw new NativeModelError('OpenCascade could not convert the file (it failed or ran out of memory)');
      throw error;
    }
    const output = join(workDir, 'model.glb');
    const written = await stat(output).catch(() => undefined);
    if (!written || written.size === 0) throw new NativeModelError(`OpenCascade could not read the ${format.toUpperCase()} file`);
    return await readDrawGltf(await readFile(output));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * DRAW's glTF as a model: glTF is metres and Y up, the models are millimetres and Z up, so (x, y, z) becomes
 * 1000 · (x, −z, y); node transforms are applied to the positions; a mesh's primitives (one per B-rep face) are
 * joined with their triangle ranges kept as the mesh's faces.
 */
export async function readDrawGltf(glb: Uint8Array): Promise<ModelData> {
  const document = await new NodeIO().readBinary(glb);
  const meshes: ModelMesh[] = [];
  const scene = document.getRoot().listScenes()[0];
  const tops = scene?.listChildren() ?? [];
  const toNode = (node: Node, depth: number): ModelNode => {
    const tree: ModelNode = { name: node.getName().slice(0, 200), meshes: [], children: [] };
    const mesh = node.getMesh();
    if (mesh) {
      tree.meshes.push(meshes.length);
      meshes.push(joinedMesh(mesh, node.getWorldMatrix(), node.getName() || mesh.getName()));
    }
    if (depth < 64) tree.children = node.listChildren().map((child) => toNode(child, depth + 1));
    return tree;
  };
  const children = tops.map((top) => toNode(top, 1));
  const root = children.length === 1 ? children[0]! : { name: '', meshes: [], children };
  return { root, meshes };
}

type GltfMesh = NonNullable<ReturnType<Node['getMesh']>>;

function joinedMesh(mesh: GltfMesh, matrix: ArrayLike<number>, name: string): ModelMesh {
  const primitives = mesh.listPrimitives().filter((primitive) => primitive.getMode() === 4 && primitive.getAttribute('POSITION'));
  let vertexCount = 0;
  let indexCount = 0;
  for (const primitive of primitives) {
    const count = primitive.getAttribute('POSITION')!.getCount();
    vertexCount += count;
    indexCount += primitive.getIndices()?.getCount() ?? count;
  }
  const positions = new Float32Array(vertexCount * 3);
  const indices = new Uint32Array(indexCount);
  const brepFaces: ModelMesh['brepFaces'] = [];
  const m = matrix;
  const point = [0, 0, 0];
  let vertexBase = 0;
  let indexBase = 0;
  for (const primitive of primitives) {
    const position = primitive.getAttribute('POSITION')!;
    const count = position.getCount();
    for (let i = 0; i < count; i += 1) {
      position.getElement(i, point);
      const [x, y, z] = point as [number, number, number];
      const wx = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
      const wy = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
      const wz = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
      const at = (vertexBase + i) * 3;
      positions[at] = wx * 1000;
      positions[at + 1] = -wz * 1000;
      positions[at + 2] = wy * 1000;
    }
    const source = primitive.getIndices();
    const length = source?.getCount() ?? count;
    for (let i = 0; i < length; i += 1) indices[indexBase + i] = vertexBase + (source ? source.getScalar(i) : i);
    if (length >= 3) brepFaces.push({ first: indexBase / 3, last: (indexBase + length) / 3 - 1 });
    vertexBase += count;
    indexBase += length;
  }
  const color = primitives[0]?.getMaterial()?.getBaseColorFactor();
  return { name: name.slice(0, 200), color: color ? [color[0], color[1], color[2]] : undefined, positions, indices, brepFaces };
}
