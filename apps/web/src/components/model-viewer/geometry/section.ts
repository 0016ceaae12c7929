import { Plane, Vector3, type Box3 } from 'three';

export type SectionAxis = 'x' | 'y' | 'z';

export interface Section {
  axis: SectionAxis;
  /** Where the plane cuts, from 0 (the box's minimum) to 1 (its maximum). */
  position: number;
  /** False keeps the side below the plane, true the side above. */
  flipped: boolean;
}

/** The world coordinate along the axis where the section cuts the box. */
export function sectionCoordinate(box: Box3, { axis, position }: Pick<Section, 'axis' | 'position'>): number {
  const clamped = Math.min(1, Math.max(0, position));
  return box.min[axis] + clamped * (box.max[axis] - box.min[axis]);
}

/**
 * The clipping plane of a section. The renderer drops what lies on the negative side of a plane, so
 * the normal points towards the part that stays.
 */
export function sectionPlane(box: Box3, section: Section): Plane {
  const coordinate = sectionCoordinate(box, section);
  const normal = new Vector3();
  normal[section.axis] = section.flipped ? 1 : -1;
  return new Plane(normal, section.flipped ? -coordinate : coordinate);
}
