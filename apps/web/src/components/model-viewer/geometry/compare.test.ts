import { Color, Vector3, type MeshStandardMaterial, type Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import { assembly, cube } from '../testing/test-models';
import { changeColors, compareParts, paintComparison, partKey, unpaintComparison } from './compare';
import { ModelScene } from './model-scene';

const scene = (root: Object3D) => new ModelScene(root, (i) => `Part ${i}`);
const byName = (changes: Map<Object3D, string>) => Object.fromEntries([...changes].map(([object, change]) => [object.name, change]));

/** Version C of the demo assembly: the arm moved 5 mm and a gripper added. */
function laterAssembly(): Object3D {
  const root = assembly();
  const robot = root.children[0];
  robot.getObjectByName('Arm')!.position.x += 5;
  const gripper = cube('Gripper', 4);
  gripper.position.set(40, 0, 0);
  robot.add(gripper);
  root.updateMatrixWorld(true);
  return root;
}

describe('comparing two versions of a model', () => {
  it('keys a part by name, bounds and triangle count', () => {
    const a = cube('Arm');
    expect(partKey('Arm', a)).toBe(partKey('Arm', cube('Arm')));
    expect(partKey('Arm', a)).not.toBe(partKey('Arm 2', cube('Arm')));
    const moved = cube('Arm');
    moved.position.set(0.5, 0, 0);
    expect(partKey('Arm', moved)).not.toBe(partKey('Arm', a));
    expect(partKey('Arm', cube('Arm', 11))).not.toBe(partKey('Arm', a));
  });

  it('finds the parts added, removed and unchanged between versions', () => {
    const current = scene(laterAssembly());
    const earlier = scene(assembly());
    const comparison = compareParts(current.compared, earlier.compared);
    expect(byName(comparison.current)).toEqual({ Base: 'unchanged', Arm: 'added', Gripper: 'added' });
    expect(byName(comparison.earlier)).toEqual({ Base: 'unchanged', Arm: 'removed' });
  });

  it('pairs equal parts one to one: a duplicated part counts once as added', () => {
    const earlier = [{ object: cube('Bolt'), key: 'Bolt|x|12' }];
    const twice = [
      { object: cube('Bolt'), key: 'Bolt|x|12' },
      { object: cube('Bolt'), key: 'Bolt|x|12' },
    ];
    const comparison = compareParts(twice, earlier);
    expect([...comparison.current.values()]).toEqual(['unchanged', 'added']);
    expect([...comparison.earlier.values()]).toEqual(['unchanged']);
  });

  it('colours the parts, shows only the removed parts of the earlier model, and gives the colours back', () => {
    const current = scene(laterAssembly());
    const earlier = scene(assembly());
    const comparison = compareParts(current.compared, earlier.compared);
    paintComparison(comparison.current, false);
    paintComparison(comparison.earlier, true);
    const color = (model: ModelScene, name: string) => (model.meshes.find((mesh) => mesh.name === name)!.material as MeshStandardMaterial).color.getHex();
    expect(color(current, 'Base')).toBe(changeColors.unchanged.getHex());
    expect(color(current, 'Gripper')).toBe(changeColors.added.getHex());
    expect(color(earlier, 'Arm')).toBe(changeColors.removed.getHex());
    expect(earlier.meshes.map((mesh) => [mesh.name, mesh.visible])).toEqual([
      ['Base', false],
      ['Arm', true],
    ]);
    unpaintComparison(current.compared.map((part) => part.object));
    expect(new Color(color(current, 'Gripper')).equals(new Color(0x888888))).toBe(true);
  });

  it('keys parts as assembled, even when the view is exploded', () => {
    const model = scene(assembly());
    model.explode(1);
    const later = scene(assembly());
    expect(compareParts(later.compared, model.compared).current.get(later.compared[0].object)).toBe('unchanged');
    expect(model.meshes[1].getWorldPosition(new Vector3()).x).toBe(30);
  });
});
