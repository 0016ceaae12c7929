import { Vector3 } from 'three';
import { symmetricEigen, type Symmetric3 } from './symmetric-eigen';
import { areaNormal, type Triangle } from './triangles';

export interface Cylinder {
  /** Unit direction of the axis. */
  axis: Vector3;
  /** A point on the axis, at the middle of the face's extent along it. */
  center: Vector3;
  radius: number;
}

/**
 * Fits a cylinder to the triangles of one B-rep face (a hole, a shaft, a fillet). The normals of a
 * cylindrical face are all perpendicular to its axis, so the axis is the direction the normals vary
 * least along (the smallest eigenvector of Σ n·nᵀ); the radius is a least-squares circle through the
 * points projected onto the plane across the axis. Null when the face is not cylindrical (a plane,
 * whose normals do not vary, or points off the fitted circle).
 */
export function fitCylinder(triangles: readonly Triangle[]): Cylinder | null {
  const m: Symmetric3 = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  let totalArea = 0;
  for (const triangle of triangles) {
    const weighted = areaNormal(triangle);
    const area = weighted.length();
    if (area === 0) continue;
    const n = weighted.divideScalar(area).toArray();
    totalArea += area;
    for (let i = 0; i < 3; i += 1) for (let j = 0; j < 3; j += 1) m[i][j] += area * n[i] * n[j];
  }
  if (totalArea === 0) return null;
  const { values, vectors } = symmetricEigen(m);
  // A plane's normals span one direction only: the axis would be undetermined.
  if (values[1] < 1e-3 * totalArea) return null;
  const axis = new Vector3(...vectors[0]).normalize();
  const u = new Vector3(...vectors[1]).normalize();
  const v = new Vector3(...vectors[2]).normalize();

  const points = triangles.flatMap((triangle) => [...triangle]);
  // Kåsa's circle fit: x² + y² + D·x + E·y + F = 0 in least squares, centred for conditioning.
  const origin = points.reduce((sum, p) => sum.add(p), new Vector3()).divideScalar(points.length);
  let sxx = 0, sxy = 0, syy = 0, sx = 0, sy = 0, sxz = 0, syz = 0, sz = 0;
  for (const p of points) {
    const d = new Vector3().subVectors(p, origin);
    const x = d.dot(u);
    const y = d.dot(v);
    const z = x * x + y * y;
    sxx += x * x; sxy += x * y; syy += y * y; sx += x; sy += y;
    sxz += x * z; syz += y * z; sz += z;
  }
  const n = points.length;
  const solved = solve3(
    [
      [sxx, sxy, sx],
      [sxy, syy, sy],
      [sx, sy, n],
    ],
    [-sxz, -syz, -sz],
  );
  if (!solved) return null;
  const [dCoef, eCoef, fCoef] = solved;
  const cx = -dCoef / 2;
  const cy = -eCoef / 2;
  const radiusSquared = cx * cx + cy * cy - fCoef;
  if (!(radiusSquared > 0)) return null;
  const radius = Math.sqrt(radiusSquared);

  let residual = 0;
  let minAlong = Infinity;
  let maxAlong = -Infinity;
  for (const p of points) {
    const d = new Vector3().subVectors(p, origin);
    residual += (Math.hypot(d.dot(u) - cx, d.dot(v) - cy) - radius) ** 2;
    const along = d.dot(axis);
    minAlong = Math.min(minAlong, along);
    maxAlong = Math.max(maxAlong, along);
  }
  if (Math.sqrt(residual / n) > 0.02 * radius) return null;
  const center = origin
    .clone()
    .addScaledVector(u, cx)
    .addScaledVector(v, cy)
    .addScaledVector(axis, (minAlong + maxAlong) / 2);
  return { axis, center, radius };
}

/** Solves a 3×3 linear system by Cramer's rule; null when it is singular. */
function solve3(a: number[][], b: number[]): [number, number, number] | null {
  const det = (m: number[][]) =>
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  const d = det(a);
  if (Math.abs(d) < 1e-12) return null;
  const column = (k: number) => det(a.map((row, i) => row.map((value, j) => (j === k ? b[i] : value))));
  return [column(0) / d, column(1) / d, column(2) / d];
}
