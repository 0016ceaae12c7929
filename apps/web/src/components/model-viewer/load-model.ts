import { MeshoptDecoder } from 'meshoptimizer/decoder';
import { Box3, Mesh, Vector3, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

export interface LoadedModel {
  root: Object3D;
  /** The overall size in millimetres: the scene's extras.sizeMm, else its bounding box. */
  sizeMm: [number, number, number];
}

function sizeOf(root: Object3D): [number, number, number] {
  const extras: unknown = root.userData.sizeMm;
  if (Array.isArray(extras) && extras.length === 3 && extras.every((value) => typeof value === 'number' && Number.isFinite(value))) {
    return extras as [number, number, number];
  }
  return new Box3().setFromObject(root).getSize(new Vector3()).toArray();
}

/** Reads a binary glTF (millimetres, meshopt-compressed geometry) into a scene graph. */
export async function parseModel(data: ArrayBuffer): Promise<LoadedModel> {
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  const gltf = await loader.parseAsync(data, '');
  // A glTF mesh of several primitives (one per colour) loads as a group of meshes that are no nodes.
  // Nodes keep their names as written (the loader replaces spaces and dots in `name`).
  const nodes = (gltf.parser.json as { nodes?: { name?: unknown }[] }).nodes ?? [];
  gltf.scene.traverse((object) => {
    const association = gltf.parser.associations.get(object);
    if (object instanceof Mesh && association && association.nodes === undefined) object.userData.primitive = true;
    const written = association?.nodes === undefined ? undefined : nodes[association.nodes]?.name;
    if (typeof written === 'string' && written.trim()) object.userData.displayName = written.trim().slice(0, 200);
  });
  return { root: gltf.scene, sizeMm: sizeOf(gltf.scene) };
}

/** Downloads the model's GLB from its signed URL and reads it. */
export async function loadModel(url: string, signal?: AbortSignal): Promise<LoadedModel> {
  const response = await fetch(url, { signal, credentials: 'omit' });
  if (!response.ok) throw new Error(`The 3D model could not be loaded (HTTP ${response.status}).`);
  return parseModel(await response.arrayBuffer());
}

/**
 * Loads the model from its signed URL; when that no longer loads (signed URLs expire, an answer kept
 * in a cache may be old), asks for a fresh URL once and loads from it.
 */
export async function loadModelFresh(url: string, freshUrl: () => Promise<string>, signal?: AbortSignal): Promise<LoadedModel> {
  try {
    return await loadModel(url, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return loadModel(await freshUrl(), signal);
  }
}
