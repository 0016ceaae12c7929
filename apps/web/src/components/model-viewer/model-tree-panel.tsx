import { ActionIcon, Box, Button, Group, ScrollArea, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconFocus2 } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isDrawn, type ModelTreeNode } from './geometry/model-tree';

interface ModelTreePanelProps {
  tree: readonly ModelTreeNode[];
  onToggle: (node: ModelTreeNode) => void;
  onIsolate: (node: ModelTreeNode) => void;
  onShowAll: () => void;
  onHover: (node: ModelTreeNode | null) => void;
}

/** Up and down move between the tree's rows, Home and End to the first and last. */
function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="treeitem"]')];
  const current = rows.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: rows.length - 1 }[event.key];
  if (next === undefined || rows.length === 0) return;
  event.preventDefault();
  rows[Math.max(0, Math.min(rows.length - 1, next))].focus();
}

function TreeRow({ node, depth, ...actions }: Omit<ModelTreePanelProps, 'tree' | 'onShowAll'> & { node: ModelTreeNode; depth: number }) {
  const { t } = useTranslation();
  const shown = isDrawn(node.object);
  return (
    <li role="none">
      <Group
        gap={2}
        wrap="nowrap"
        pl={depth * 12}
        onMouseEnter={() => actions.onHover(node)}
        onMouseLeave={() => actions.onHover(null)}
        onFocus={() => actions.onHover(node)}
        onBlur={() => actions.onHover(null)}
      >
        <Text
          role="treeitem"
          tabIndex={0}
          aria-level={depth + 1}
          aria-selected={false}
          aria-expanded={node.children.length > 0 ? true : undefined}
          size="sm"
          c={shown ? undefined : 'dimmed'}
          truncate
          style={{ flex: 1, cursor: 'default' }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              actions.onToggle(node);
            }
          }}
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
      {node.children.length > 0 && (
        <ul role="group" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {node.children.map((child) => (
            <TreeRow key={child.id} node={child} depth={depth + 1} {...actions} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The model's assembly tree: Enter or Space (or the eye) hides and shows a part, the target isolates
 * it; hovering or focusing a row lights the part up in the view.
 */
export function ModelTreePanel({ tree, onShowAll, ...actions }: ModelTreePanelProps) {
  const { t } = useTranslation();
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
      <ScrollArea style={{ flex: 1 }} px="xs">
        <ul role="tree" aria-labelledby="model-tree-title" style={{ listStyle: 'none', margin: 0, padding: 0 }} onKeyDown={moveFocus}>
          {tree.map((node) => (
            <TreeRow key={node.id} node={node} depth={0} {...actions} />
          ))}
        </ul>
      </ScrollArea>
    </Box>
  );
}
