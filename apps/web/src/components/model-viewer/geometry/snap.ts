import { Line3, Vector3 } from 'three';
import type { Triangle } from './triangles';

export type SnapKind = 'vertex' | 'edge' | 'face';

export interface Snap {
  kind: SnapKind;
  point: Vector3;
}

/** Rounds a point to a key, so that the corners triangles share compare equal. */
function pointKey(p: Vector3): string {
  return `${p.x.toFixed(4)},${p.y.toFixed(4)},${p.z.toFixed(4)}`;
}

/**
 * The boundary edges of a B-rep face: the triangle sides used by one of its triangles only (the inner
 * sides of the tessellation are shared by two). These are the model's real edges.
 */
export function boundaryEdges(triangles: readonly Triangle[]): Line3[] {
  const sides = new Map<string, { line: Line3; uses: number }>();
  for (const triangle of triangles) {
    for (let k = 0; k < 3; k += 1) {
      const a = triangle[k];
      const b = triangle[(k + 1) % 3];
      const [ka, kb] = [pointKey(a), pointKey(b)];
      const key = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
      const side = sides.get(key);
      if (side) side.uses += 1;
      else sides.set(key, { line: new Line3(a.clone(), b.clone()), uses: 1 });
    }
  }
  return [...sides.values()].filter((side) => side.uses === 1).map((side) => side.line);
}

/**
 * Snaps a picked point on a face to the nearest corner of the face's edges within `tolerance`
 * (world units: the renderer turns a few pixels into it), else to the nearest point of an edge,
 * else keeps the point on the face.
 */
export function snapPoint(hit: Vector3, edges: readonly Line3[], tolerance: number): Snap {
  let best: Vector3 | null = null;
  let bestDistance = tolerance;
  for (const edge of edges) {
    for (const corner of [edge.start, edge.end]) {
      const distance = corner.distanceTo(hit);
      if (distance <= bestDistance) {
        best = corner;
        bestDistance = distance;
      }
    }
  }
  if (best) return { kind: 'vertex', point: best.clone() };
  bestDistance = tolerance;
  const closest = new Vector3();
  for (const edge of edges) {
    edge.closestPointToPoint(hit, true, closest);
    const distance = closest.distanceTo(hit);
    if (distance <= bestDistance) {
      best = closest.clone();
      bestDistance = distance;
    }
  }
  return best ? { kind: 'edge', point: best } : { kind: 'face', point: hit.clone() };
}
