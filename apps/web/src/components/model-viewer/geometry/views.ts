import { Vector3, type Sphere } from 'three';

export const standardViews = ['front', 'back', 'left', 'right', 'top', 'bottom', 'iso'] as const;
export type StandardView = (typeof standardViews)[number];

/**
 * Where the camera looks from (towards the model), in the glTF frame (Y up, the viewer faces −Z):
 * front looks along −Z, top down along −Y, iso from the front-right-top corner.
 */
const directions: Record<StandardView, [number, number, number]> = {
  front: [0, 0, 1],
  back: [0, 0, -1],
  left: [-1, 0, 0],
  right: [1, 0, 0],
  top: [0, 1, 0],
  bottom: [0, -1, 0],
  iso: [1, 1, 1],
};

export interface CameraPlacement {
  position: Vector3;
  target: Vector3;
  up: Vector3;
}

/** A camera placement showing the whole bounding sphere from a standard view with a vertical field of view `fovDegrees`. */
export function viewPlacement(view: StandardView, sphere: Sphere, fovDegrees: number, aspect: number): CameraPlacement {
  const direction = new Vector3(...directions[view]).normalize();
  const halfFov = (fovDegrees * Math.PI) / 360;
  const fittingHalfAngle = Math.min(halfFov, Math.atan(Math.tan(halfFov) * Math.max(aspect, 1e-3)));
  const distance = (Math.max(sphere.radius, 1e-6) / Math.sin(fittingHalfAngle)) * 1.05;
  const up = view === 'top' ? new Vector3(0, 0, -1) : view === 'bottom' ? new Vector3(0, 0, 1) : new Vector3(0, 1, 0);
  return { position: sphere.center.clone().addScaledVector(direction, distance), target: sphere.center.clone(), up };
}
