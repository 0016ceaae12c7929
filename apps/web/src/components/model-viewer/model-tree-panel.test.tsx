import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Group, Mesh } from 'three';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { buildModelTree, isDrawn, type ModelTreeNode } from './geometry/model-tree';
import { treeRows } from './geometry/tree-rows';
import { loadModelTexts } from './model-texts';
import { ModelTreePanel } from './model-tree-panel';

/** An assembly of `count` plates under one named group, beside a lone base part. */
function bigAssembly(count: number): ModelTreeNode[] {
  const root = new Group();
  const grid = new Group();
  grid.name = 'Grid';
  for (let index = 1; index <= count; index++) {
    const plate = new Mesh();
    plate.name = `Plate ${index}`;
    grid.add(plate);
  }
  const base = new Mesh();
  base.name = 'Base';
  root.add(grid, base);
  return buildModelTree(root, (index) => `Part ${index}`);
}

describe('treeRows', () => {
  it('lists the rows in reading order with level, position and parent, leaving out collapsed children', () => {
    const tree = bigAssembly(3);
    const rows = treeRows(tree, new Set());
    expect(rows.map((row) => [row.node.name, row.depth, row.position, row.siblings, row.parent])).toEqual([
      ['Grid', 0, 1, 2, null],
      ['Plate 1', 1, 1, 3, 0],
      ['Plate 2', 1, 2, 3, 0],
      ['Plate 3', 1, 3, 3, 0],
      ['Base', 0, 2, 2, null],
    ]);
    expect(treeRows(tree, new Set([tree[0].id])).map((row) => row.node.name)).toEqual(['Grid', 'Base']);
  });
});

describe('ModelTreePanel', () => {
  const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get');
  const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get');
  beforeAll(async () => {
    await initTestI18n();
    await loadModelTexts();
    // jsdom lays nothing out: give the scrolling list a size so that the rows in sight are rendered.
    height.mockReturnValue(280);
    width.mockReturnValue(240);
  });
  afterAll(() => {
    height.mockRestore();
    width.mockRestore();
  });

  const panel = (tree: ModelTreeNode[], onToggle = vi.fn()) =>
    renderWithProviders(<ModelTreePanel tree={tree} onToggle={onToggle} onIsolate={vi.fn()} onShowAll={vi.fn()} onHover={vi.fn()} />);

  it('renders only the rows in sight of a large assembly', () => {
    panel(bigAssembly(3000));
    const rendered = screen.getAllByRole('treeitem');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    expect(rendered[1]).toHaveAttribute('aria-setsize', '3000');
  });

  it('moves focus by keyboard, collapses and expands, and toggles a part with Enter', async () => {
    const user = userEvent.setup();
    const tree = bigAssembly(5);
    const onToggle = vi.fn();
    panel(tree, onToggle);
    const grid = screen.getByRole('treeitem', { name: 'Grid' });
    expect(grid).toHaveAttribute('tabindex', '0');
    grid.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('treeitem', { name: 'Plate 1' })).toHaveFocus());
    await user.keyboard('{End}');
    await waitFor(() => expect(screen.getByRole('treeitem', { name: 'Base' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onToggle).toHaveBeenCalledWith(tree[1]);
    await user.keyboard('{Home}{ArrowLeft}');
    await waitFor(() => expect(screen.getByRole('treeitem', { name: 'Grid' })).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.queryByRole('treeitem', { name: 'Plate 1' })).toBeNull();
    expect(screen.getByRole('treeitem', { name: 'Base' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand Grid' }));
    expect(screen.getByRole('treeitem', { name: 'Plate 1' })).toBeInTheDocument();
    expect(isDrawn(tree[0].object)).toBe(true);
  });
});
