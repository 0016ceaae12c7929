import {
  AlwaysStencilFunc,
  BackSide,
  DecrementWrapStencilOp,
  DoubleSide,
  FrontSide,
  IncrementWrapStencilOp,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  NotEqualStencilFunc,
  PlaneGeometry,
  ReplaceStencilOp,
  Vector3,
  type Color,
  type Plane,
  type Side,
  type StencilOp,
} from 'three';

/**
 * A capped section with the stencil buffer: every mesh is drawn twice more, invisibly, counting in
 * the stencil the back faces (+1) and front faces (−1) left by the cut along each pixel's ray. Where the
 * count is not zero the ray enters the solid through the cut, and a plane lying on the cut is drawn
 * there in the cap colour (then clears the count). Unlike a back-face fill this gives a flat, lit cut
 * face that hides the part's inside, also for parts seen through each other.
 */
function stencilWriter(side: Side, operation: StencilOp): MeshBasicMaterial {
  return new MeshBasicMaterial({
    side,
    colorWrite: false,
    depthWrite: false,
    depthTest: false,
    stencilWrite: true,
    stencilFunc: AlwaysStencilFunc,
    stencilFail: operation,
    stencilZFail: operation,
    stencilZPass: operation,
  });
}

/** The two invisible stencil writers of one mesh, sharing its geometry and moving with it. */
export function stencilWriters(mesh: Mesh): Mesh[] {
  return [stencilWriter(BackSide, IncrementWrapStencilOp), stencilWriter(FrontSide, DecrementWrapStencilOp)].map((material) => {
    const writer = new Mesh(mesh.geometry, material);
    writer.userData.sectionCap = true;
    writer.visible = false;
    writer.renderOrder = 1;
    writer.raycast = () => undefined;
    return writer;
  });
}

/** The cap plane, drawn where the stencil count is not zero and clearing it there. */
export function capPlane(color: Color): Mesh {
  const cap = new Mesh(
    new PlaneGeometry(1, 1),
    new MeshStandardMaterial({
      color,
      side: DoubleSide,
      stencilWrite: true,
      stencilRef: 0,
      stencilFunc: NotEqualStencilFunc,
      stencilFail: ReplaceStencilOp,
      stencilZFail: ReplaceStencilOp,
      stencilZPass: ReplaceStencilOp,
    }),
  );
  cap.userData.sectionCap = true;
  cap.visible = false;
  cap.renderOrder = 2;
  cap.raycast = () => undefined;
  return cap;
}

/** Lays the cap plane on the cutting plane, large enough (`size`) to cover the model however exploded. */
export function placeCap(cap: Mesh, plane: Plane, size: number): void {
  const point = plane.coplanarPoint(new Vector3());
  cap.position.copy(point);
  cap.lookAt(point.clone().add(plane.normal));
  cap.scale.set(size, size, 1);
  cap.updateMatrixWorld(true);
}
