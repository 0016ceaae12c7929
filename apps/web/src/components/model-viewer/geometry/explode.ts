import { Box3, Vector3, type Object3D } from 'three';

export interface ExplodePart {
  object: Object3D;
  /** The part's position (in its parent's frame) before exploding. */
  basePosition: Vector3;
  /** Its bounding-box centre in world coordinates before exploding. */
  baseCenter: Vector3;
}

/** Records where each part sits, so that explode factors apply from the assembled state. */
export function explodeParts(objects: readonly Object3D[]): ExplodePart[] {
  return objects.map((object) => {
    object.updateWorldMatrix(true, true);
    return { object, basePosition: object.position.clone(), baseCenter: new Box3().setFromObject(object).getCenter(new Vector3()) };
  });
}

/** Each part's world offset: away from the assembly's centre, `factor` times its distance from it. */
export function explodeOffsets(parts: readonly ExplodePart[], factor: number): Vector3[] {
  const center = parts.reduce((sum, part) => sum.add(part.baseCenter), new Vector3()).divideScalar(Math.max(1, parts.length));
  return parts.map((part) => new Vector3().subVectors(part.baseCenter, center).multiplyScalar(factor));
}

/** Moves the parts apart by `factor` (0 = assembled), turning world offsets into each parent's frame. */
export function applyExplode(parts: readonly ExplodePart[], factor: number): void {
  const offsets = explodeOffsets(parts, factor);
  parts.forEach((part, i) => {
    const parent = part.object.parent;
    part.object.position.copy(part.basePosition);
    if (!parent) {
      part.object.position.add(offsets[i]);
      return;
    }
    parent.updateWorldMatrix(true, false);
    const worldBase = parent.localToWorld(part.basePosition.clone());
    part.object.position.copy(parent.worldToLocal(worldBase.add(offsets[i])));
  });
}

/** The world offset that exploding by `factor` gives the part holding `object`, or zero for an object in none. */
export function explodeOffsetOf(parts: readonly ExplodePart[], factor: number, object: Object3D): Vector3 {
  const offsets = explodeOffsets(parts, factor);
  for (let node: Object3D | null = object; node; node = node.parent) {
    const index = parts.findIndex((part) => part.object === node);
    if (index >= 0) return offsets[index];
  }
  return new Vector3();
}
