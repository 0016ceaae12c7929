import { BackSide, Box3, FrontSide, NotEqualStencilFunc, Vector3, type Material, type Mesh, type MeshStandardMaterial } from 'three';
import { describe, expect, it } from 'vitest';
import { assembly } from '../testing/test-models';
import { addPick, markedPoints, startMeasure } from './measurement';
import { formatLength } from './units';
import { flattenTree, hideNode, isDrawn, isolateNode, showAll } from './model-tree';
import { ModelScene } from './model-scene';
import { sectionPlane } from './section';
import { viewPlacement } from './views';

const scene = () => new ModelScene(assembly(), (i) => `Part ${i}`);
const named = (model: ModelScene, name: string) => flattenTree(model.tree).find((node) => node.name === name)!;

describe('ModelScene', () => {
  it('shows the assembly tree by node name', () => {
    const model = scene();
    expect(model.tree.map((node) => node.name)).toEqual(['Robot']);
    expect(model.tree[0].children.map((node) => node.name)).toEqual(['Base', 'Arm']);
  });

  it('hides, isolates and shows all parts', () => {
    const model = scene();
    const base = named(model, 'Base');
    const arm = named(model, 'Arm');
    hideNode(base);
    expect([isDrawn(base.object), isDrawn(arm.object)]).toEqual([false, true]);
    showAll(model.tree);
    isolateNode(model.tree, base);
    expect([isDrawn(base.object), isDrawn(arm.object), isDrawn(named(model, 'Robot').object)]).toEqual([true, false, true]);
    showAll(model.tree);
    expect([isDrawn(base.object), isDrawn(arm.object)]).toEqual([true, true]);
  });

  it('moves the parts apart when exploded and back when assembled', () => {
    const model = scene();
    const arm = named(model, 'Arm').object;
    const base = named(model, 'Base').object;
    model.explode(1);
    // The centre lies at x = 10: each part moves its own distance from it again.
    expect(arm.position.toArray()).toEqual([30, 0, 0]);
    expect(base.position.toArray()).toEqual([-10, 0, 0]);
    model.explode(0);
    expect(arm.position.toArray()).toEqual([20, 0, 0]);
  });

  it('cuts every material with the section plane, shows the caps, and removes the cut again', () => {
    const model = scene();
    model.setSection({ axis: 'x', position: 0.5, flipped: false });
    const [plane] = model.clippingPlanes();
    // The assembly spans x −5…25: the plane at 10 keeps the lower side.
    expect(plane.distanceToPoint(new Vector3(0, 0, 0))).toBeGreaterThan(0);
    expect(plane.distanceToPoint(new Vector3(20, 0, 0))).toBeLessThan(0);
    for (const mesh of model.meshes) {
      expect((mesh.material as { clippingPlanes: unknown }).clippingPlanes).toEqual([plane]);
      // Two invisible stencil writers per mesh (back faces count up, front faces down), moving with it.
      const writers = mesh.children.filter((child) => child.userData.sectionCap && child.visible) as Mesh[];
      expect(writers.map((writer) => [(writer.material as Material).side, (writer.material as Material).colorWrite])).toEqual([
        [BackSide, false],
        [FrontSide, false],
      ]);
    }
    // One cap plane, lying on the cut and drawn only where the stencil count is not zero.
    expect(model.cap.visible).toBe(true);
    expect(plane.distanceToPoint(model.cap.getWorldPosition(new Vector3()))).toBeCloseTo(0);
    expect(model.cap.getWorldDirection(new Vector3()).dot(plane.normal)).toBeCloseTo(1);
    expect((model.cap.material as Material).stencilFunc).toBe(NotEqualStencilFunc);
    model.setSection({ axis: 'x', position: 0.5, flipped: true });
    expect(model.clippingPlanes()[0].distanceToPoint(new Vector3(20, 0, 0))).toBeGreaterThan(0);
    model.setSection(null);
    expect(model.clippingPlanes()).toEqual([]);
    expect(model.meshes.every((mesh) => mesh.children.every((cap) => !cap.visible))).toBe(true);
    expect(model.cap.visible).toBe(false);
  });

  it('places the section by the slider between the bounds along each axis', () => {
    const box = new Box3(new Vector3(0, -10, 2), new Vector3(10, 10, 4));
    expect(sectionPlane(box, { axis: 'y', position: 0.25, flipped: false }).distanceToPoint(new Vector3(0, -5, 0))).toBeCloseTo(0);
    expect(sectionPlane(box, { axis: 'z', position: 1, flipped: true }).distanceToPoint(new Vector3(0, 0, 4))).toBeCloseTo(0);
  });

  it('highlights the hovered part only', () => {
    const model = scene();
    model.highlight(named(model, 'Arm'));
    const emissive = model.meshes.map((mesh) => (mesh.material as MeshStandardMaterial).emissive.getHex());
    expect(emissive[0]).toBe(0);
    expect(emissive[1]).not.toBe(0);
  });

  it('fits the whole model into a standard view', () => {
    const model = scene();
    const sphere = model.boundingSphere();
    const top = viewPlacement('top', sphere, 45, 1);
    expect(top.target.toArray()).toEqual(sphere.center.toArray());
    expect(top.position.x).toBeCloseTo(sphere.center.x);
    expect(top.position.y - sphere.center.y).toBeGreaterThan(sphere.radius);
  });
});

describe('measuring in an exploded view', () => {
  it('measures the assembled distance between parts and keeps the marks on the parts while the slider moves', () => {
    const model = new ModelScene(assembly(), (i) => `Part ${i}`);
    const base = model.meshes.find((mesh) => mesh.name === 'Base')!;
    const arm = model.meshes.find((mesh) => mesh.name === 'Arm')!;
    model.explode(1);
    // Exploded, the base's top corner sits at x = −15 and the arm's at x = 25 (assembled: −5 and 15).
    let state = startMeasure('distance');
    state = addPick(state, { mesh: base, triangle: 8, point: new Vector3(-14.9, -4.9, 5), tolerance: 0.3, offset: model.explodeOffset(base) });
    state = addPick(state, { mesh: arm, triangle: 8, point: new Vector3(25.1, -4.9, 5), tolerance: 0.3, offset: model.explodeOffset(arm) });
    expect(state.result?.mode === 'distance' && formatLength(state.result.distance!.distance, 'mm')).toBe('20.00 mm');
    model.explode(0.5);
    const marks = markedPoints(state, (mesh) => model.explodeOffset(mesh));
    expect(marks.map((point) => point.toArray())).toEqual([
      [-10, -5, 5],
      [20, -5, 5],
    ]);
    model.explode(0);
    expect(markedPoints(state, (mesh) => model.explodeOffset(mesh))[0].toArray()).toEqual([-5, -5, 5]);
  });
});
