/** A CAD model as the converters hand it over: meshes in millimetres and the assembly tree naming them. */
export interface ModelMesh {
  name: string;
  /** RGB, 0…1. */
  color?: [number, number, number];
  positions: Float32Array<ArrayBuffer>;
  indices: Uint32Array<ArrayBuffer>;
  /** Inclusive triangle-index ranges of each B-rep face (empty for STL). */
  brepFaces: { first: number; last: number }[];
}

export interface ModelNode {
  name: string;
  /** Indices into `ModelData.meshes`. */
  meshes: number[];
  children: ModelNode[];
}

export interface ModelData {
  root: ModelNode;
  meshes: ModelMesh[];
}

export const triangleCount = (model: ModelData) => model.meshes.reduce((sum, mesh) => sum + mesh.indices.length / 3, 0);

/** The overall size of the model's axis-aligned bounding box, millimetres. */
export function boundingBox(model: ModelData): { min: [number, number, number]; max: [number, number, number] } {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const { positions } of model.meshes) {
    for (let i = 0; i < positions.length; i += 3) {
      for (let axis = 0; axis < 3; axis += 1) {
        const value = positions[i + axis];
        if (value < min[axis]) min[axis] = value;
        if (value > max[axis]) max[axis] = value;
      }
    }
  }
  if (!Number.isFinite(min[0])) return { min: [0, 0, 0], max: [0, 0, 0] };
  return { min, max };
}
