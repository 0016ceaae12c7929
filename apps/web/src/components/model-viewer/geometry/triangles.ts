import { Vector3, type BufferGeometry, type Mesh } from 'three';

/** A B-rep face of a mesh: the inclusive range of its triangle indices (extras.brepFaces of the GLB). */
export interface BrepFace {
  first: number;
  last: number;
}

export type Triangle = readonly [Vector3, Vector3, Vector3];

function isFaceRange(value: unknown): value is BrepFace {
  if (typeof value !== 'object' || value === null) return false;
  const { first, last } = value as Record<string, unknown>;
  return Number.isInteger(first) && Number.isInteger(last) && (first as number) >= 0 && (last as number) >= (first as number);
}

export function triangleCount(geometry: BufferGeometry): number {
  const index = geometry.getIndex();
  return Math.floor((index ? index.count : geometry.getAttribute('position').count) / 3);
}

/** The mesh's B-rep faces (mesh extras, or the primitive's); ranges beyond the geometry are dropped. */
export function brepFacesOf(mesh: Mesh): BrepFace[] {
  const raw: unknown = mesh.userData.brepFaces ?? mesh.geometry.userData.brepFaces;
  if (!Array.isArray(raw)) return [];
  const count = triangleCount(mesh.geometry);
  return raw.filter(isFaceRange).filter((face) => face.last < count);
}

/** The B-rep face holding a triangle (binary search: the ranges are ordered), or null. */
export function faceOfTriangle(faces: readonly BrepFace[], triangle: number): BrepFace | null {
  let low = 0;
  let high = faces.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const face = faces[middle];
    if (triangle < face.first) high = middle - 1;
    else if (triangle > face.last) low = middle + 1;
    else return face;
  }
  return faces.find((face) => triangle >= face.first && triangle <= face.last) ?? null;
}

/** Triangle `t` of a mesh in world coordinates (the mesh's world matrix must be current). */
export function worldTriangle(mesh: Mesh, t: number): Triangle {
  const index = mesh.geometry.getIndex();
  const position = mesh.geometry.getAttribute('position');
  const corner = (k: number) => {
    const vertex = index ? index.getX(3 * t + k) : 3 * t + k;
    return new Vector3().fromBufferAttribute(position, vertex).applyMatrix4(mesh.matrixWorld);
  };
  return [corner(0), corner(1), corner(2)];
}

/** The world triangles of a face range (the whole mesh when there is no range). */
export function faceTriangles(mesh: Mesh, face: BrepFace | null): Triangle[] {
  const first = face?.first ?? 0;
  const last = face?.last ?? triangleCount(mesh.geometry) - 1;
  const triangles: Triangle[] = [];
  for (let t = first; t <= last; t += 1) triangles.push(worldTriangle(mesh, t));
  return triangles;
}

/** A triangle's unit normal times its area (twice the area, before normalizing). */
export function areaNormal([a, b, c]: Triangle): Vector3 {
  return new Vector3().subVectors(b, a).cross(new Vector3().subVectors(c, a)).multiplyScalar(0.5);
}

/** The area-weighted mean normal of a set of triangles (unit length), or null for a degenerate set. */
export function meanNormal(triangles: readonly Triangle[]): Vector3 | null {
  const sum = new Vector3();
  for (const triangle of triangles) sum.add(areaNormal(triangle));
  return sum.lengthSq() > 0 ? sum.normalize() : null;
}
