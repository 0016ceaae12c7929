import type { Vector3 } from 'three';
import { fitCylinder } from './cylinder-fit';
import { meanNormal, type Triangle } from './triangles';

export interface PointDistance {
  distance: number;
  dx: number;
  dy: number;
  dz: number;
}

/** The distance between two picked points and its components along X, Y and Z (absolute). */
export function pointDistance(a: Vector3, b: Vector3): PointDistance {
  return { distance: a.distanceTo(b), dx: Math.abs(b.x - a.x), dy: Math.abs(b.y - a.y), dz: Math.abs(b.z - a.z) };
}

/** The angle in degrees between two faces' mean normals (0° parallel, 90° square, 180° opposite). */
export function faceAngle(first: readonly Triangle[], second: readonly Triangle[]): number | null {
  const a = meanNormal(first);
  const b = meanNormal(second);
  if (!a || !b) return null;
  return (Math.acos(Math.min(1, Math.max(-1, a.dot(b)))) * 180) / Math.PI;
}

export interface HoleMeasure {
  radius: number;
  diameter: number;
}

/** Radius and diameter of a cylindrical face (a hole or a shaft), or null when the face is not one. */
export function cylinderMeasure(face: readonly Triangle[]): HoleMeasure | null {
  const cylinder = fitCylinder(face);
  return cylinder && { radius: cylinder.radius, diameter: 2 * cylinder.radius };
}
