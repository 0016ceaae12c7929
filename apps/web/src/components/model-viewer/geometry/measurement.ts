import type { Mesh, Vector3 } from 'three';
import { cylinderMeasure, faceAngle, pointDistance, type HoleMeasure, type PointDistance } from './measure';
import { boundaryEdges, snapPoint, type Snap } from './snap';
import { brepFacesOf, faceOfTriangle, faceTriangles, type Triangle } from './triangles';

export type MeasureMode = 'distance' | 'angle' | 'hole';

/** A picked spot on the model: the mesh, the triangle under the pointer and the point hit. */
export interface SurfacePick {
  mesh: Mesh;
  triangle: number;
  point: Vector3;
  /** How far from an edge or corner (world units) the pick still snaps to it. */
  tolerance: number;
  /** How far the exploded view has moved the picked part (zero when assembled). */
  offset: Vector3;
}

/** A measured point in the assembled model's coordinates, with the mesh whose part carries it. */
export interface Mark {
  mesh: Mesh;
  point: Vector3;
}

export type MeasureResult =
  | { mode: 'distance'; points: Snap[]; distance: PointDistance | null }
  | { mode: 'angle'; faces: number; degrees: number | null }
  | { mode: 'hole'; hole: HoleMeasure | null; point: Vector3 };

export interface MeasureState {
  mode: MeasureMode;
  snaps: Snap[];
  faces: Triangle[][];
  /** The points to mark in the view, assembled coordinates (they follow their parts when exploded). */
  marks: Mark[];
  result: MeasureResult | null;
}

export function startMeasure(mode: MeasureMode): MeasureState {
  return { mode, snaps: [], faces: [], marks: [], result: null };
}

/** The triangles of the B-rep face under a pick (the picked triangle alone when the mesh has no faces). */
function pickedFace(pick: SurfacePick): Triangle[] {
  const faces = brepFacesOf(pick.mesh);
  const face = faces.length > 0 ? faceOfTriangle(faces, pick.triangle) : { first: pick.triangle, last: pick.triangle };
  return faceTriangles(pick.mesh, face ?? { first: pick.triangle, last: pick.triangle });
}

/**
 * Takes the next pick of a measurement: a distance needs two points (snapped to corners, edges or the
 * face), an angle two faces, a hole one cylindrical face. A pick after a finished measurement starts
 * the next one. Picks in an exploded view measure the assembled model: points are moved back by their
 * part's offset (angles and diameters do not change when a part only moves), so measuring goes on
 * while the explode slider moves and a distance between two parts stays their real distance.
 */
export function addPick(state: MeasureState, pick: SurfacePick): MeasureState {
  const face = pickedFace(pick);
  switch (state.mode) {
    case 'distance': {
      const snapped = snapPoint(pick.point, boundaryEdges(face), pick.tolerance);
      const snap = { ...snapped, point: snapped.point.clone().sub(pick.offset) };
      const restart = state.snaps.length >= 2;
      const snaps = restart ? [snap] : [...state.snaps, snap];
      const marks = [...(restart ? [] : state.marks), { mesh: pick.mesh, point: snap.point }];
      const distance = snaps.length === 2 ? pointDistance(snaps[0].point, snaps[1].point) : null;
      return { ...state, snaps, marks, result: { mode: 'distance', points: snaps, distance } };
    }
    case 'angle': {
      const faces = state.faces.length >= 2 ? [face] : [...state.faces, face];
      const degrees = faces.length === 2 ? faceAngle(faces[0], faces[1]) : null;
      return { ...state, faces, result: { mode: 'angle', faces: faces.length, degrees } };
    }
    case 'hole': {
      const point = pick.point.clone().sub(pick.offset);
      return { ...state, faces: [face], marks: [{ mesh: pick.mesh, point }], result: { mode: 'hole', hole: cylinderMeasure(face), point } };
    }
  }
}

/** The points to mark in the view, where their parts are now (`offsetOf`: a part's exploded offset). */
export function markedPoints(state: MeasureState, offsetOf: (mesh: Mesh) => Vector3): Vector3[] {
  return state.marks.map((mark) => mark.point.clone().add(offsetOf(mark.mesh)));
}
