import { Box3, Color, Mesh, MeshStandardMaterial, Sphere, Vector3, type Material, type Object3D, type Plane } from 'three';
import { applyExplode, explodeOffsetOf, explodeParts, type ExplodePart } from './explode';
import { partKey, type ComparedPart } from './compare';
import { buildModelTree, flattenTree, isDrawn, modelParts, type ModelTreeNode } from './model-tree';
import { sectionPlane, type Section } from './section';
import { capPlane, placeCap, stencilWriters } from './section-cap';

const highlightColor = new Color(0x1c7ed6);
const capColor = new Color(0xe8590c);

function materialsOf(mesh: Mesh): Material[] {
  return Array.isArray(mesh.material) ? mesh.material : [mesh.material];
}

/**
 * The model's scene state without a renderer: the tree, exploding, the section's clipping plane and
 * its caps, hover highlight. The viewer component draws it; tests check it in jsdom.
 */
export class ModelScene {
  readonly tree: ModelTreeNode[];
  readonly meshes: Mesh[] = [];
  /** The stencil writers of every mesh, and the one cap plane (geometry/section-cap.ts). */
  private readonly writers: Mesh[] = [];
  readonly cap: Mesh;
  private readonly parts: ExplodePart[];
  /** The assembled model's bounds, which section positions are measured in. */
  readonly bounds: Box3;
  /** The parts with what identifies them across versions (taken assembled), for "compare with version". */
  readonly compared: ComparedPart[];
  private clipping: Plane[] = [];
  private exploded = 0;

  constructor(
    readonly root: Object3D,
    fallbackName: (index: number) => string,
  ) {
    root.traverse((object) => {
      if (object instanceof Mesh) this.meshes.push(object);
    });
    for (const mesh of this.meshes) {
      // Own materials per mesh, so that highlighting one part leaves parts sharing a colour alone.
      mesh.material = Array.isArray(mesh.material) ? mesh.material.map((material) => material.clone()) : mesh.material.clone();
      const writers = stencilWriters(mesh);
      mesh.add(...writers);
      this.writers.push(...writers);
    }
    this.tree = buildModelTree(root, fallbackName);
    this.parts = explodeParts(modelParts(this.tree));
    this.bounds = new Box3().setFromObject(root);
    this.cap = capPlane(capColor);
    root.add(this.cap);
    this.compared = flattenTree(this.tree)
      .filter((node) => node.children.length === 0 && modelParts([node]).length > 0)
      .map((node) => ({ object: node.object, key: partKey(node.name, node.object) }));
  }

  /** The bounding sphere of what is shown now (exploded or not). */
  boundingSphere(): Sphere {
    const box = new Box3();
    for (const mesh of this.meshes) if (isDrawn(mesh)) box.expandByObject(mesh);
    return (box.isEmpty() ? this.bounds : box).getBoundingSphere(new Sphere());
  }

  /** Moves the parts apart: 0 assembled, 1 each part twice as far from the centre. */
  explode(factor: number): void {
    this.exploded = factor;
    applyExplode(this.parts, factor);
    this.root.updateMatrixWorld(true);
  }

  /** How far the exploded view has moved the part holding `object` (world units; zero when assembled). */
  explodeOffset(object: Object3D): Vector3 {
    return explodeOffsetOf(this.parts, this.exploded, object);
  }

  /** Cuts the model with a plane (null removes the cut); the cut faces are capped in a solid colour. */
  setSection(section: Section | null): void {
    this.clipping = section ? [sectionPlane(this.bounds, section)] : [];
    for (const mesh of this.meshes) {
      for (const material of materialsOf(mesh)) {
        material.clippingPlanes = this.clipping;
        material.needsUpdate = true;
      }
    }
    for (const writer of this.writers) {
      (writer.material as Material).clippingPlanes = this.clipping;
      writer.visible = section !== null;
    }
    this.cap.visible = section !== null;
    // Exploding moves parts up to three times as far from the centre: the plane covers that.
    if (section) placeCap(this.cap, this.clipping[0], 6 * this.bounds.getSize(new Vector3()).length());
  }

  clippingPlanes(): readonly Plane[] {
    return this.clipping;
  }

  /** Lights up a tree node's meshes (hovered in the tree or the view), or turns that off. */
  highlight(node: ModelTreeNode | null): void {
    const lit = new Set<Object3D>();
    node?.object.traverse((object) => lit.add(object));
    for (const mesh of this.meshes) {
      for (const material of materialsOf(mesh)) {
        if (material instanceof MeshStandardMaterial) material.emissive.copy(lit.has(mesh) ? highlightColor : new Color(0)).multiplyScalar(0.45);
      }
    }
  }

  /** The tree node a mesh belongs to (the deepest node holding it). */
  nodeOf(mesh: Object3D): ModelTreeNode | null {
    const byObject = new Map<Object3D, ModelTreeNode>();
    const index = (nodes: readonly ModelTreeNode[]) =>
      nodes.forEach((node) => {
        byObject.set(node.object, node);
        index(node.children);
      });
    index(this.tree);
    for (let object: Object3D | null = mesh; object; object = object.parent) {
      const node = byObject.get(object);
      if (node) return node;
    }
    return null;
  }

  dispose(): void {
    for (const mesh of this.meshes) {
      mesh.geometry.dispose();
      materialsOf(mesh).forEach((material) => material.dispose());
    }
    this.writers.forEach((writer) => (writer.material as Material).dispose());
    this.cap.geometry.dispose();
    (this.cap.material as Material).dispose();
  }
}

