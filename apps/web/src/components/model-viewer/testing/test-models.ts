import { BoxGeometry, CylinderGeometry, Group, Mesh, MeshStandardMaterial } from 'three';
import type { BrepFace } from '../geometry/triangles';

/** A 10 mm cube: BoxGeometry's six sides of two triangles each, one B-rep face per side. */
export function cube(name = 'Cube', size = 10): Mesh {
  const mesh = new Mesh(new BoxGeometry(size, size, size), new MeshStandardMaterial({ color: 0x888888 }));
  mesh.name = name;
  mesh.userData.brepFaces = Array.from({ length: 6 }, (_, i): BrepFace => ({ first: 2 * i, last: 2 * i + 1 }));
  return mesh;
}

/** The wall of a hole of the given diameter, 32 facets round: one cylindrical B-rep face. */
export function holeWall(diameter: number, depth = 10): Mesh {
  const geometry = new CylinderGeometry(diameter / 2, diameter / 2, depth, 32, 1, true);
  const mesh = new Mesh(geometry, new MeshStandardMaterial());
  mesh.name = 'Hole';
  mesh.userData.brepFaces = [{ first: 0, last: geometry.getIndex()!.count / 3 - 1 }];
  return mesh;
}

/** An assembly of two named cubes 20 mm apart under one root node. */
export function assembly(): Group {
  const root = new Group();
  const robot = new Group();
  robot.name = 'Robot';
  const base = cube('Base');
  const arm = cube('Arm');
  arm.position.set(20, 0, 0);
  robot.add(base, arm);
  root.add(robot);
  root.updateMatrixWorld(true);
  return root;
}
