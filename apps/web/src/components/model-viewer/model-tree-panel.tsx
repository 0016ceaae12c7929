import { ActionIcon, Box, Button, Group, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconEye, IconEyeOff, IconFocus2 } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isDrawn, type ModelTreeNode } from './geometry/model-tree';
import { treeRows, type TreeRow } from './geometry/tree-rows';

interface ModelTreePanelProps {
  tree: readonly ModelTreeNode[];
  onToggle: (node: ModelTreeNode) => void;
  onIsolate: (node: ModelTreeNode) => void;
  onShowAll: () => void;
  onHover: (node: ModelTreeNode | null) => void;
}

const rowHeight = 28;

interface RowProps extends Omit<ModelTreePanelProps, 'tree' | 'onShowAll'> {
  row: TreeRow;
  expanded: boolean;
  focusable: boolean;
  onExpand: (row: TreeRow, expand: boolean) => void;
  onFocusRow: () => void;
}

function Row({ row, expanded, focusable, onExpand, onFocusRow, ...actions }: RowProps) {
  const { t } = useTranslation();
  const { node, depth } = row;
  const shown = isDrawn(node.object);
  const parent = node.children.length > 0;
  return (
    <Group
      gap={2}
      wrap="nowrap"
      h={rowHeight}
      pl={depth * 12}
      onMouseEnter={() => actions.onHover(node)}
      onMouseLeave={() => actions.onHover(null)}
    >
      {parent ? (
        <ActionIcon variant="subtle" size="xs" tabIndex={-1} aria-label={t(expanded ? 'viewer.model.collapse' : 'viewer.model.expand', { name: node.name })} onClick={() => onExpand(row, !expanded)}>
          {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
      ) : (
        <Box w={18} style={{ flexShrink: 0 }} />
      )}
      <Text
        role="treeitem"
        data-row={row.index}
        tabIndex={focusable ? 0 : -1}
        aria-level={depth + 1}
        aria-posinset={row.position}
        aria-setsize={row.siblings}
        aria-selected={false}
        aria-expanded={parent ? expanded : undefined}
        size="sm"
        c={shown ? undefined : 'dimmed'}
        truncate
        style={{ flex: 1, cursor: 'default' }}
        onFocus={() => {
          onFocusRow();
          actions.onHover(node);
        }}
        onBlur={() => actions.onHover(null)}
      >
        {node.name}
      </Text>
      <ActionIcon variant="subtle" size="sm" tabIndex={-1} aria-label={t(shown ? 'viewer.model.hide' : 'viewer.model.show', { name: node.name })} onClick={() => actions.onToggle(node)}>
        {shown ? <IconEye size={16} /> : <IconEyeOff size={16} />}
      </ActionIcon>
      <ActionIcon variant="subtle" size="sm" tabIndex={-1} aria-label={t('viewer.model.isolate', { name: node.name })} onClick={() => actions.onIsolate(node)}>
        <IconFocus2 size={16} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The model's assembly tree: Enter or Space (or the eye) hides and shows a part, the target isolates
 * it; hovering or focusing a row lights the part up in the view. Only the rows in sight are rendered
 * (an assembly can have thousands of parts), so keyboard focus moves by row index: Up, Down, Home,
 * End, Left to collapse or go to the parent, Right to expand or go to the first child.
 */
export function ModelTreePanel({ tree, onShowAll, ...actions }: ModelTreePanelProps) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const rows = useMemo(() => treeRows(tree, collapsed), [tree, collapsed]);
  const [active, setActive] = useState(0);
  const focusRequested = useRef(false);
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no compiler memoizes this panel; the virtualizer re-renders it on scroll
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 8 });
  const current = Math.min(active, Math.max(0, rows.length - 1));

  useEffect(() => {
    if (!focusRequested.current) return;
    focusRequested.current = false;
    scroller.current?.querySelector<HTMLElement>(`[data-row="${current}"]`)?.focus();
  });

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    focusRequested.current = true;
    setActive(next);
    virtualizer.scrollToIndex(next);
  };

  const expand = (row: TreeRow, open: boolean) =>
    setCollapsed((before) => {
      const after = new Set(before);
      if (open) after.delete(row.node.id);
      else after.add(row.node.id);
      return after;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const row = rows[current];
    if (!row || !(event.target instanceof HTMLElement) || event.target.getAttribute('role') !== 'treeitem') return;
    const open = row.node.children.length > 0 && !collapsed.has(row.node.id);
    const key = event.key;
    if (key === 'Enter' || key === ' ') actions.onToggle(row.node);
    else if (key === 'ArrowDown') moveTo(current + 1);
    else if (key === 'ArrowUp') moveTo(current - 1);
    else if (key === 'Home') moveTo(0);
    else if (key === 'End') moveTo(rows.length - 1);
    else if (key === 'ArrowRight' && row.node.children.length > 0) {
      if (open) moveTo(current + 1);
      else expand(row, true);
    } else if (key === 'ArrowLeft') {
      if (open) expand(row, false);
      else if (row.parent !== null) moveTo(row.parent);
    } else return;
    event.preventDefault();
  };

  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" px="xs" py={4}>
        <Text size="sm" fw={600} id="model-tree-title">
          {t('viewer.model.tree')}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={onShowAll}>
          {t('viewer.model.showAll')}
        </Button>
      </Group>
      <div ref={scroller} style={{ flex: 1, overflow: 'auto', padding: '0 var(--mantine-spacing-xs)' }}>
        <div role="tree" aria-labelledby="model-tree-title" style={{ height: virtualizer.getTotalSize(), position: 'relative' }} onKeyDown={onKeyDown}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return (
              <div key={row.node.id} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
                <Row
                  row={row}
                  expanded={!collapsed.has(row.node.id)}
                  focusable={item.index === current}
                  onExpand={expand}
                  onFocusRow={() => setActive(item.index)}
                  {...actions}
                />
              </div>
            );
          })}
        </div>
      </div>
    </Box>
  );
}
