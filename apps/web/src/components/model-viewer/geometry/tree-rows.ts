import type { ModelTreeNode } from './model-tree';

export interface TreeRow {
  node: ModelTreeNode;
  index: number;
  depth: number;
  /** The row index of the parent, null at the top. */
  parent: number | null;
  /** 1-based position among its siblings, and how many siblings there are (aria-posinset, aria-setsize). */
  position: number;
  siblings: number;
}

/** The tree's rows in reading order, leaving out the children of collapsed nodes (ids in `collapsed`). */
export function treeRows(tree: readonly ModelTreeNode[], collapsed: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  // Iterative, so that a deep assembly cannot overflow the stack.
  const pending: { nodes: readonly ModelTreeNode[]; next: number; depth: number; parent: number | null }[] = [{ nodes: tree, next: 0, depth: 0, parent: null }];
  while (pending.length > 0) {
    const level = pending[pending.length - 1];
    if (level.next >= level.nodes.length) {
      pending.pop();
      continue;
    }
    const node = level.nodes[level.next++];
    const index = rows.length;
    rows.push({ node, index, depth: level.depth, parent: level.parent, position: level.next, siblings: level.nodes.length });
    if (node.children.length > 0 && !collapsed.has(node.id)) pending.push({ nodes: node.children, next: 0, depth: level.depth + 1, parent: index });
  }
  return rows;
}
