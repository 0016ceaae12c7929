import { Worker } from 'node:worker_threads';
import { fileExtension } from '@portal/contracts/previews';
import type { ModelData, ModelNode } from './model-mesh.ts';
import { convertModelNative, NativeModelError } from './model-native.ts';

/** The limits of one conversion; tests shorten the time. */
export interface ModelLimits {
  timeoutMs: number;
  maxBytes: number;
  maxTriangles: number;
  /**
   * The WebAssembly reader's budget: larger STEP, IGES and BREP files go to Debian's OpenCascade (`occt-draw`) when it
   * is installed (it reads a 50 MB assembly about five times faster), as do files the WebAssembly reader fails on.
   */
  wasmMaxBytes: number;
  /** Address space of the native converter. */
  nativeMemoryBytes: number;
}

export const defaultModelLimits: ModelLimits = {
  timeoutMs: 120_000,
  maxBytes: 200 * 1024 * 1024,
  maxTriangles: 2_000_000,
  wasmMaxBytes: 8 * 1024 * 1024,
  nativeMemoryBytes: 4 * 1024 ** 3,
};

/** A file whose content cannot be turned into a model: another attempt will not help. */
export class ModelConversionError extends Error {}

const formatByExtension: Record<string, 'step' | 'iges' | 'brep' | 'stl'> = {
  stp: 'step', step: 'step', igs: 'iges', iges: 'iges', brep: 'brep', brp: 'brep', stl: 'stl',
};

/**
 * Reads a CAD file into meshes (millimetres) under the time limit: STEP, IGES and BREP through OpenCascade (the
 * WebAssembly build in a fresh worker thread; the native `occt-draw`, given as `nativeDraw`, in the converters' sandbox
 * beyond the WebAssembly budget or when that fails), STL (up to four times the triangle limit; the GLB decimates)
 * by its own reader in a worker thread.
 */
export async function convertModel(bytes: Buffer, fileName: string, limits: ModelLimits, nativeDraw: string | null = null): Promise<ModelData> {
  const format = formatByExtension[fileExtension(fileName)];
  if (!format) throw new ModelConversionError(`"${fileName}" is not a CAD format the preview reads`);
  if (bytes.length > limits.maxBytes) throw new ModelConversionError(`The file (${bytes.length} bytes) is larger than the ${limits.maxBytes} bytes a 3D preview takes`);
  const baseName = fileName.replace(/\.[^.]*$/, '');
  if (format !== 'stl' && !looksLike(format, bytes)) throw new ModelConversionError(`The file is not a ${format.toUpperCase()} file`);
  const model = await read(format, bytes, baseName, limits, nativeDraw);
  if (model.meshes.length === 0) throw new ModelConversionError('The file holds no solid or surface to show');
  if (!model.root.name) model.root.name = baseName;
  return model;
}

async function read(format: 'step' | 'iges' | 'brep' | 'stl', bytes: Buffer, name: string, limits: ModelLimits, nativeDraw: string | null): Promise<ModelData> {
  const native = () => convertModelNative(nativeDraw!, bytes, format as 'step' | 'iges' | 'brep', { timeoutMs: limits.timeoutMs, memoryBytes: limits.nativeMemoryBytes })
    .catch((error: unknown) => {
      throw error instanceof NativeModelError ? new ModelConversionError(error.message) : error;
    });
  if (format !== 'stl' && nativeDraw && bytes.length > limits.wasmMaxBytes) return native();
  try {
    return await inWorker({ format, name, maxTriangles: limits.maxTriangles * 4 }, bytes, limits.timeoutMs);
  } catch (error) {
    if (format === 'stl' || !nativeDraw || !(error instanceof ModelConversionError)) throw error;
    return native();
  }
}

/** A cheap check of the header, so that a file that is plainly something else never reaches OpenCascade. */
function looksLike(format: 'step' | 'iges' | 'brep', bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (format === 'step') return head.trimStart().startsWith('ISO-10303-21');
  if (format === 'brep') return head.includes('CASCADE Topology');
  // IGES: fixed 80-column records, the first one a start ('S') record.
  return head.length >= 80 && head[72] === 'S';
}

function inWorker(job: { format: string; name: string; maxTriangles: number }, bytes: Buffer, timeoutMs: number): Promise<ModelData> {
  return new Promise((resolve, reject) => {
    const copy = Uint8Array.from(bytes);
    const worker = new Worker(new URL('./model-worker.mjs', import.meta.url), {
      workerData: { ...job, bytes: copy.buffer },
      transferList: [copy.buffer],
      // The JavaScript side holds only the result arrays; the WebAssembly heap is capped by the module (2 GiB).
      resourceLimits: { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new ModelConversionError(`The conversion took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`))),
      timeoutMs,
    );
    worker.on('message', (message: { result?: ModelData & { root: unknown }; error?: string }) => {
      if (message.error !== undefined) finish(() => reject(new ModelConversionError(message.error)));
      else if (message.result) {
        const { result } = message;
        finish(() => resolve({ root: toNode(result.root), meshes: result.meshes }));
      }
    });
    worker.on('error', (error: Error) => finish(() => reject(new ModelConversionError(`The conversion failed: ${error.message}`))));
    worker.on('exit', (code) => finish(() => reject(new ModelConversionError(`The conversion stopped (exit code ${code}), probably out of memory`))));
  });
}

/** occt-import-js's tree ({ name, meshes, children }), checked. */
function toNode(value: unknown, depth = 0): ModelNode {
  const node = (value ?? {}) as { name?: unknown; meshes?: unknown; children?: unknown };
  return {
    name: typeof node.name === 'string' ? node.name.slice(0, 200) : '',
    meshes: Array.isArray(node.meshes) ? node.meshes.filter((index): index is number => Number.isInteger(index)) : [],
    children: depth < 64 && Array.isArray(node.children) ? node.children.map((child) => toNode(child, depth + 1)) : [],
  };
}
