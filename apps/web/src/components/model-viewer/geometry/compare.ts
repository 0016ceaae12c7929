import { Box3, Color, Mesh, type Material, type Object3D } from 'three';
import { triangleCount } from './triangles';

export type PartChange = 'added' | 'removed' | 'unchanged';

/** A part of one version's model: its tree object and what identifies it across versions. */
export interface ComparedPart {
  object: Object3D;
  /** Name, bounds (0.01 mm) and triangle count: equal keys are the same part, unchanged. */
  key: string;
}

const round = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

/** A part's identity across versions: its name, its assembled bounds and its triangle count. */
export function partKey(name: string, object: Object3D): string {
  object.updateWorldMatrix(true, true);
  const box = new Box3().setFromObject(object);
  let triangles = 0;
  object.traverse((child) => {
    if (child instanceof Mesh) triangles += triangleCount(child.geometry);
  });
  const bounds = box.isEmpty() ? 'empty' : [...box.min.toArray(), ...box.max.toArray()].map(round).join(',');
  return `${name}|${bounds}|${triangles}`;
}

export interface Comparison {
  /** Each part of the shown version: added, or unchanged since the earlier one. */
  current: Map<Object3D, PartChange>;
  /** Each part of the earlier version: removed, or unchanged (then drawn by the shown version). */
  earlier: Map<Object3D, PartChange>;
}

/**
 * Compares two versions part by part: a part whose key (name, bounds, triangle count) the other
 * version also has is unchanged, else it was added (shown version) or removed (earlier version). A
 * part that changed shape is both: its old shape removed, its new one added. Equal keys pair up
 * one to one, so two identical parts where there was one count one as added.
 */
export function compareParts(current: readonly ComparedPart[], earlier: readonly ComparedPart[]): Comparison {
  const unmatched = new Map<string, number>();
  for (const part of earlier) unmatched.set(part.key, (unmatched.get(part.key) ?? 0) + 1);
  const matched = new Map<string, number>();
  const comparison: Comparison = { current: new Map(), earlier: new Map() };
  for (const part of current) {
    const left = unmatched.get(part.key) ?? 0;
    if (left > 0) {
      unmatched.set(part.key, left - 1);
      matched.set(part.key, (matched.get(part.key) ?? 0) + 1);
    }
    comparison.current.set(part.object, left > 0 ? 'unchanged' : 'added');
  }
  for (const part of earlier) {
    const pairs = matched.get(part.key) ?? 0;
    if (pairs > 0) matched.set(part.key, pairs - 1);
    comparison.earlier.set(part.object, pairs > 0 ? 'unchanged' : 'removed');
  }
  return comparison;
}

export const changeColors: Record<PartChange, Color> = {
  added: new Color(0x2f9e44),
  removed: new Color(0xe03131),
  unchanged: new Color(0xadb5bd),
};

function materialsOf(mesh: Mesh): Material[] {
  return Array.isArray(mesh.material) ? mesh.material : [mesh.material];
}

interface Paintable extends Material {
  color: Color;
}
const paintable = (material: Material): material is Paintable => 'color' in material && material.color instanceof Color;

/**
 * Colours each part by its change (materials keep their own colour in userData to be restored); the
 * removed parts of the earlier version are drawn see-through, its unchanged ones not at all (the
 * shown version draws them).
 */
export function paintComparison(changes: ReadonlyMap<Object3D, PartChange>, ghost: boolean): void {
  for (const [object, change] of changes) {
    if (ghost) object.visible = change === 'removed';
    object.traverse((child) => {
      if (!(child instanceof Mesh)) return;
      for (const material of materialsOf(child)) {
        if (!paintable(material)) continue;
        material.userData.ownColor ??= material.color.clone();
        material.color.copy(changeColors[change]);
        if (ghost) {
          material.transparent = true;
          material.opacity = 0.45;
          material.depthWrite = false;
        }
      }
    });
  }
}

/** Gives the parts their own colours back. */
export function unpaintComparison(objects: Iterable<Object3D>): void {
  for (const object of objects) {
    object.traverse((child) => {
      if (!(child instanceof Mesh)) return;
      for (const material of materialsOf(child)) {
        if (paintable(material) && material.userData.ownColor instanceof Color) material.color.copy(material.userData.ownColor);
      }
    });
  }
}
