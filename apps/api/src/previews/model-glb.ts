import { Document, NodeIO, type Node } from '@gltf-transform/core';
import { EXTMeshoptCompression } from '@gltf-transform/extensions';
import { simplify, weld } from '@gltf-transform/functions';
import { MeshoptEncoder, MeshoptSimplifier } from 'meshoptimizer';
import { boundingBox, triangleCount, type ModelData, type ModelNode } from './model-mesh.ts';

export interface ModelGlb {
  glb: Uint8Array;
  sizeMm: [number, number, number];
  triangles: number;
}

/**
 * The binary glTF of a model: one node per part named from the assembly tree, a mesh per part with its colour,
 * each mesh's B-rep face ranges in `extras.brepFaces`, the scene's `extras = { sizeMm, triangles }`, millimetres,
 * geometry meshopt-compressed. Above `maxTriangles` the meshes are decimated (the face ranges then no longer hold
 * and are left out).
 */
export async function writeModelGlb(model: ModelData, maxTriangles: number): Promise<ModelGlb> {
  const document = new Document();
  const buffer = document.createBuffer();
  const meshes = model.meshes.map((part, index) => {
    const material = document.createMaterial(part.name || `part ${index + 1}`).setBaseColorFactor([...(part.color ?? [0.7, 0.72, 0.75]), 1]);
    const position = document.createAccessor().setType('VEC3').setArray(part.positions).setBuffer(buffer);
    const indices = document.createAccessor().setType('SCALAR').setArray(part.indices).setBuffer(buffer);
    const primitive = document.createPrimitive().setAttribute('POSITION', position).setIndices(indices).setMaterial(material);
    return document.createMesh(part.name).addPrimitive(primitive).setExtras({ brepFaces: part.brepFaces });
  });
  const scene = document.createScene(model.root.name);
  scene.addChild(nodeOf(document, model.root, meshes));

  let triangles = triangleCount(model);
  if (triangles > maxTriangles) {
    await MeshoptSimplifier.ready;
    await document.transform(weld(), simplify({ simplifier: MeshoptSimplifier, ratio: maxTriangles / triangles, error: 0.01 }));
    triangles = 0;
    for (const mesh of document.getRoot().listMeshes()) {
      mesh.setExtras({ brepFaces: [] });
      for (const primitive of mesh.listPrimitives()) triangles += (primitive.getIndices()?.getCount() ?? 0) / 3;
    }
  }
  const { min, max } = boundingBox(model);
  const sizeMm: [number, number, number] = [max[0] - min[0], max[1] - min[1], max[2] - min[2]].map((value) => Math.round(value * 1000) / 1000) as [number, number, number];
  scene.setExtras({ sizeMm, triangles });

  document.createExtension(EXTMeshoptCompression).setRequired(true).setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.FILTER });
  await MeshoptEncoder.ready;
  const io = new NodeIO().registerExtensions([EXTMeshoptCompression]).registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
  return { glb: await io.writeBinary(document), sizeMm, triangles };
}

function nodeOf(document: Document, tree: ModelNode, meshes: ReturnType<Document['createMesh']>[]): Node {
  const node = document.createNode(tree.name);
  for (const index of tree.meshes) {
    const mesh = meshes[index];
    if (!mesh) continue;
    // A part with one mesh is the node itself; a part of several gets a child node for each.
    if (tree.meshes.length === 1 && !node.getMesh()) node.setMesh(mesh);
    else node.addChild(document.createNode(mesh.getName()).setMesh(mesh));
  }
  for (const child of tree.children) node.addChild(nodeOf(document, child, meshes));
  return node;
}
