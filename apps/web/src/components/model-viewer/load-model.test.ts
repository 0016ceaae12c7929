import { Group, Mesh, MeshStandardMaterial, BoxGeometry } from 'three';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';
import { describe, expect, it, vi } from 'vitest';
import { ModelScene } from './geometry/model-scene';
import { brepFacesOf } from './geometry/triangles';
import { loadModelFresh, parseModel } from './load-model';
import { assembly } from './testing/test-models';

describe('parseModel', () => {
  it('reads a GLB with its node names as written, B-rep faces and the size in millimetres', async () => {
    const root = assembly();
    root.children[0].name = 'Robot R-200';
    root.userData.sizeMm = [30, 10, 10];
    const glb = (await new GLTFExporter().parseAsync(root, { binary: true })) as ArrayBuffer;
    expect(new TextDecoder().decode(glb.slice(0, 4))).toBe('glTF');
    const model = await parseModel(glb);
    const scene = new ModelScene(model.root, (i) => `Part ${i}`);
    const names = (nodes: typeof scene.tree): string[] => nodes.flatMap((node) => [node.name, ...names(node.children)]);
    expect(names(scene.tree)).toContain('Robot R-200');
    expect(names(scene.tree)).toEqual(expect.arrayContaining(['Base', 'Arm']));
    expect(scene.meshes.map((mesh) => brepFacesOf(mesh).length)).toEqual([6, 6]);
    expect(model.sizeMm).toEqual([30, 10, 10]);
  });

  it('keeps a part of several colours (one primitive each) as one node of the tree', async () => {
    const root = new Group();
    const gripper = new Mesh(new BoxGeometry(1, 1, 1), [new MeshStandardMaterial({ color: 0xff0000 }), new MeshStandardMaterial({ color: 0x00ff00 })]);
    gripper.name = 'Gripper';
    gripper.geometry.groups.forEach((group, i) => (group.materialIndex = i % 2));
    root.add(gripper);
    const model = await parseModel((await new GLTFExporter().parseAsync(root, { binary: true })) as ArrayBuffer);
    const scene = new ModelScene(model.root, (i) => `Part ${i}`);
    expect(scene.meshes.length).toBeGreaterThan(1);
    expect(scene.tree.map((node) => [node.name, node.children.length])).toEqual([['Gripper', 0]]);
  });
});

describe('loadModelFresh', () => {
  it('asks for a fresh signed URL once when the one given no longer loads', async () => {
    const glb = (await new GLTFExporter().parseAsync(assembly(), { binary: true })) as ArrayBuffer;
    const fetchMock = vi.fn(async (url: string) => (url.includes('expired') ? new Response('gone', { status: 403 }) : new Response(glb)));
    vi.stubGlobal('fetch', fetchMock);
    const freshUrl = vi.fn(async () => 'http://files.test/files/fresh/model.glb');
    const model = await loadModelFresh('http://files.test/files/expired/model.glb', freshUrl);
    expect(freshUrl).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['http://files.test/files/expired/model.glb', 'http://files.test/files/fresh/model.glb']);
    expect(model.root.getObjectByName('Arm')).toBeDefined();
    const stillExpired = vi.fn(async () => 'http://files.test/files/expired-again/model.glb');
    await expect(loadModelFresh('http://files.test/files/expired/model.glb', stillExpired)).rejects.toThrow('HTTP 403');
    vi.unstubAllGlobals();
  });
});
