import {
  AmbientLight,
  Color,
  DirectionalLight,
  Group,
  Mesh,
  PerspectiveCamera,
  Raycaster,
  Scene,
  SphereGeometry,
  MeshBasicMaterial,
  BufferGeometry,
  LineBasicMaterial,
  Line,
  Vector2,
  WebGLRenderer,
  type Object3D,
  type Vector3,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { ModelScene } from './geometry/model-scene';
import { isDrawn } from './geometry/model-tree';
import { viewPlacement, type StandardView } from './geometry/views';
import { drawsInSoftware } from './software-rendering';

export interface Pick {
  mesh: Mesh;
  point: Vector3;
  triangle: number;
  /** World units per screen pixel at the picked point, for snapping tolerances. */
  unitsPerPixel: number;
}

const fov = 40;

/** The WebGL side of the viewer: camera, orbit controls (mouse and touch), lights, picking, markers. */
export class ModelRenderer {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(fov, 1, 0.1, 1e6);
  private readonly controls: OrbitControls;
  private readonly markers = new Group();
  private readonly raycaster = new Raycaster();
  private readonly resize: ResizeObserver;
  private frame = 0;
  private overlay: Object3D | null = null;
  private size: { width: number; height: number } | null = null;

  constructor(
    private readonly host: HTMLElement,
    private readonly model: ModelScene,
  ) {
    // The stencil buffer caps the section's cut faces (geometry/section-cap.ts).
    this.renderer = new WebGLRenderer({ antialias: !drawsInSoftware(), stencil: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.localClippingEnabled = true;
    this.renderer.domElement.style.display = 'block';
    this.renderer.domElement.style.touchAction = 'none';
    host.appendChild(this.renderer.domElement);
    this.scene.background = new Color(0xf1f3f5);
    this.scene.add(new AmbientLight(0xffffff, 1.2));
    const key = new DirectionalLight(0xffffff, 2);
    key.position.set(1, 2, 3);
    const fill = new DirectionalLight(0xffffff, 0.8);
    fill.position.set(-2, -1, -1);
    this.camera.add(key, fill);
    this.scene.add(this.camera, model.root, this.markers);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.screenSpacePanning = true;
    this.controls.addEventListener('change', () => this.requestRender());
    this.resize = new ResizeObserver(() => this.fitSize());
    this.resize.observe(host);
    this.fitSize();
    this.setView('iso');
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.domElement;
  }

  private fitSize(): void {
    const width = Math.max(1, this.host.clientWidth);
    const height = Math.max(1, this.host.clientHeight);
    // The observer reports the size it was started with too: a frame of a large model is worth saving.
    if (this.size && this.size.width === width && this.size.height === height) return;
    this.size = { width, height };
    this.renderer.setSize(width, height);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  /** Draws on the next animation frame (the scene changes only on input). */
  requestRender(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.renderer.render(this.scene, this.camera);
    });
  }

  /** Looks at what is shown from a standard direction, fitting it into the view. */
  setView(view: StandardView): void {
    const sphere = this.model.boundingSphere();
    const placement = viewPlacement(view, sphere, fov, this.camera.aspect);
    this.camera.up.copy(placement.up);
    this.camera.position.copy(placement.position);
    this.camera.near = Math.max(sphere.radius / 1000, 1e-3);
    this.camera.far = sphere.radius * 100;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(placement.target);
    this.controls.update();
    this.requestRender();
  }

  /** Fits what is shown keeping the current direction. */
  fit(): void {
    const sphere = this.model.boundingSphere();
    const direction = this.camera.position.clone().sub(this.controls.target).normalize();
    const placement = viewPlacement('front', sphere, fov, this.camera.aspect);
    this.camera.position.copy(sphere.center).addScaledVector(direction, placement.position.distanceTo(placement.target));
    this.controls.target.copy(sphere.center);
    this.controls.update();
    this.requestRender();
  }

  /** The visible, unclipped model surface under a point of the canvas, or null. */
  pick(clientX: number, clientY: number): Pick | null {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = new Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const planes = this.model.clippingPlanes();
    const hit = this.raycaster
      .intersectObjects(this.model.meshes.filter((mesh) => isDrawn(mesh)), false)
      .find((candidate) => candidate.faceIndex != null && planes.every((plane) => plane.distanceToPoint(candidate.point) >= 0));
    if (!hit || !(hit.object instanceof Mesh) || hit.faceIndex == null) return null;
    const distance = hit.point.distanceTo(this.camera.position);
    const unitsPerPixel = (2 * distance * Math.tan((fov * Math.PI) / 360)) / rect.height;
    return { mesh: hit.object, point: hit.point.clone(), triangle: hit.faceIndex, unitsPerPixel };
  }

  /** Shows the measured points (and the line between two of them). */
  showMarkers(points: readonly Vector3[]): void {
    this.markers.children.slice().forEach((child) => disposeMarker(child, this.markers));
    const radius = this.model.boundingSphere().radius / 150;
    for (const point of points) {
      const dot = new Mesh(new SphereGeometry(radius, 12, 8), new MeshBasicMaterial({ color: 0xe03131, depthTest: false }));
      dot.renderOrder = 2;
      dot.position.copy(point);
      this.markers.add(dot);
    }
    if (points.length === 2) {
      const line = new Line(new BufferGeometry().setFromPoints([...points]), new LineBasicMaterial({ color: 0xe03131, depthTest: false }));
      line.renderOrder = 2;
      this.markers.add(line);
    }
    this.requestRender();
  }

  /** Draws another model over this one (an earlier version compared), or removes it (null). */
  setOverlay(root: Object3D | null): void {
    if (this.overlay) this.scene.remove(this.overlay);
    this.overlay = root;
    if (root) this.scene.add(root);
    this.requestRender();
  }

  /** A PNG of the current view (drawn now: the canvas keeps no frame once it is on screen). */
  snapshot(): Promise<Blob | null> {
    this.renderer.render(this.scene, this.camera);
    return new Promise((resolve) => this.canvas.toBlob(resolve, 'image/png'));
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.resize.disconnect();
    this.controls.dispose();
    this.markers.children.slice().forEach((child) => disposeMarker(child, this.markers));
    this.renderer.dispose();
    this.canvas.remove();
  }
}

function disposeMarker(marker: Object3D, group: Group): void {
  group.remove(marker);
  if (marker instanceof Mesh || marker instanceof Line) {
    marker.geometry.dispose();
    (marker.material as MeshBasicMaterial).dispose();
  }
}
