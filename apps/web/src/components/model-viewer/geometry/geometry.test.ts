import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { cube, holeWall } from '../testing/test-models';
import { cylinderMeasure, faceAngle, pointDistance } from './measure';
import { addPick, startMeasure } from './measurement';
import { boundaryEdges, snapPoint } from './snap';
import { brepFacesOf, faceOfTriangle, faceTriangles } from './triangles';
import { formatLength } from './units';

describe('measuring', () => {
  it('measures a 10 mm cube edge as 10.00 mm from two points snapped to its corners', () => {
    const mesh = cube();
    mesh.updateMatrixWorld(true);
    const faces = brepFacesOf(mesh);
    expect(faces).toHaveLength(6);
    const front = faceTriangles(mesh, faceOfTriangle(faces, 8));
    const edges = boundaryEdges(front);
    expect(edges).toHaveLength(4);
    const a = snapPoint(new Vector3(-4.8, 4.9, 5), edges, 0.5);
    const b = snapPoint(new Vector3(4.7, 4.8, 5), edges, 0.5);
    expect(a.kind).toBe('vertex');
    expect(b.kind).toBe('vertex');
    const measured = pointDistance(a.point, b.point);
    expect(formatLength(measured.distance, 'mm')).toBe('10.00 mm');
    expect(measured.dx).toBeCloseTo(10);
    expect(measured.dy).toBeCloseTo(0);
    expect(formatLength(measured.distance, 'in')).toBe('0.394 in');
  });

  it('snaps to an edge, and keeps a point in the middle of a face on the face', () => {
    const mesh = cube();
    mesh.updateMatrixWorld(true);
    const edges = boundaryEdges(faceTriangles(mesh, brepFacesOf(mesh)[4]));
    expect(snapPoint(new Vector3(0, 4.8, 5), edges, 0.5)).toMatchObject({ kind: 'edge', point: { x: 0, y: 5, z: 5 } });
    expect(snapPoint(new Vector3(1, 1, 5), edges, 0.5)).toMatchObject({ kind: 'face', point: { x: 1, y: 1, z: 5 } });
  });

  it('gives the angle between two faces of the cube', () => {
    const mesh = cube();
    mesh.updateMatrixWorld(true);
    const [right, left, top] = brepFacesOf(mesh).map((face) => faceTriangles(mesh, face));
    expect(faceAngle(right, top)).toBeCloseTo(90);
    expect(faceAngle(right, left)).toBeCloseTo(180);
  });

  it('gives a hole’s diameter from its cylindrical face, however the part is turned', () => {
    const mesh = holeWall(6.6);
    mesh.rotation.set(0.7, 0.3, 1.1);
    mesh.position.set(40, -12, 3);
    mesh.updateMatrixWorld(true);
    const hole = cylinderMeasure(faceTriangles(mesh, brepFacesOf(mesh)[0]));
    expect(formatLength(hole!.diameter, 'mm')).toBe('6.60 mm');
    expect(hole!.radius).toBeCloseTo(3.3, 2);
  });

  it('finds no cylinder on a flat face', () => {
    const mesh = cube();
    mesh.updateMatrixWorld(true);
    expect(cylinderMeasure(faceTriangles(mesh, brepFacesOf(mesh)[0]))).toBeNull();
  });

  it('ignores B-rep face ranges that are malformed or beyond the geometry', () => {
    const mesh = cube();
    mesh.userData.brepFaces = [{ first: 0, last: 1 }, { first: 'x', last: 2 }, { first: 5, last: 3 }, { first: 10, last: 99 }];
    expect(brepFacesOf(mesh)).toEqual([{ first: 0, last: 1 }]);
  });
});

describe('a measurement from picks', () => {
  it('measures the cube from two clicks near its corners, and a hole from one click', () => {
    const mesh = cube();
    mesh.updateMatrixWorld(true);
    let state = startMeasure('distance');
    state = addPick(state, { mesh, triangle: 8, point: new Vector3(-4.9, -4.9, 5), tolerance: 0.3, offset: new Vector3() });
    state = addPick(state, { mesh, triangle: 9, point: new Vector3(-4.9, 4.8, 5), tolerance: 0.3, offset: new Vector3() });
    expect(state.result?.mode === 'distance' && formatLength(state.result.distance!.distance, 'mm')).toBe('10.00 mm');
    const wall = holeWall(8);
    wall.updateMatrixWorld(true);
    const hole = addPick(startMeasure('hole'), { mesh: wall, triangle: 5, point: new Vector3(4, 0, 0), tolerance: 0.3, offset: new Vector3() });
    expect(hole.result?.mode === 'hole' && hole.result.hole?.diameter).toBeCloseTo(8);
  });
});
