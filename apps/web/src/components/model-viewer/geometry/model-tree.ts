import { Mesh, type Object3D } from 'three';

export interface ModelTreeNode {
  id: string;
  name: string;
  object: Object3D;
  children: ModelTreeNode[];
}

/**
 * The meshes a multi-material part is split into (marked `primitive` when loaded) belong to the part,
 * and the section caps to their mesh: neither is a node of the tree.
 */
function isTreeNode(object: Object3D): boolean {
  return !object.userData.primitive && !object.userData.sectionCap;
}

/** The assembly tree under the model's root, named from the GLB's nodes. */
export function buildModelTree(root: Object3D, fallbackName: (index: number) => string): ModelTreeNode[] {
  let unnamed = 0;
  const treeChildren = (object: Object3D) => object.children.filter(isTreeNode);
  const visit = (object: Object3D): ModelTreeNode => ({
    id: object.uuid,
    name: (typeof object.userData.displayName === 'string' ? object.userData.displayName : '') || object.name || fallbackName(++unnamed),
    object,
    children: treeChildren(object).map(visit),
  });
  const top = treeChildren(root);
  // An unnamed wrapper around the whole model (exporters add one) is no part: show what it holds.
  const [only] = top;
  if (top.length === 1 && !only.name && !only.userData.displayName && treeChildren(only).length > 0) return treeChildren(only).map(visit);
  return top.map(visit);
}

/** The tree's leaves that hold geometry: the parts an exploded view moves apart. */
export function modelParts(tree: readonly ModelTreeNode[]): Object3D[] {
  const parts: Object3D[] = [];
  const visit = (node: ModelTreeNode) => {
    if (node.children.length > 0) node.children.forEach(visit);
    else if (hasMesh(node.object)) parts.push(node.object);
  };
  tree.forEach(visit);
  return parts;
}

function hasMesh(object: Object3D): boolean {
  let found = false;
  object.traverse((child) => {
    if (child instanceof Mesh) found = true;
  });
  return found;
}

export function flattenTree(tree: readonly ModelTreeNode[]): ModelTreeNode[] {
  return tree.flatMap((node) => [node, ...flattenTree(node.children)]);
}

export function hideNode(node: ModelTreeNode): void {
  node.object.visible = false;
}

/** Shows the node, its subtree and its ancestors only. */
export function isolateNode(tree: readonly ModelTreeNode[], node: ModelTreeNode): void {
  const keep = new Set<Object3D>();
  node.object.traverse((object) => keep.add(object));
  for (let ancestor = node.object.parent; ancestor; ancestor = ancestor.parent) keep.add(ancestor);
  for (const other of flattenTree(tree)) other.object.visible = keep.has(other.object);
}

export function showAll(tree: readonly ModelTreeNode[]): void {
  for (const node of flattenTree(tree)) node.object.visible = true;
}

/** Whether an object is drawn: it and every ancestor are visible. */
export function isDrawn(object: Object3D): boolean {
  for (let current: Object3D | null = object; current; current = current.parent) if (!current.visible) return false;
  return true;
}
