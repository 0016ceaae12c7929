import { Button } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

interface ExpandButtonProps {
  expanded: boolean;
  onToggle: () => void;
  /** The visible text (the row's name). */
  children: string;
  /** What a screen reader hears: "Show the versions of …" or "Hide …". */
  label: string;
  /** The id of the panel the button shows. */
  controls: string;
}

/** Shows a table row's versions in the panel under the table: a real button (the rows take no keyboard focus). */
export function ExpandButton({ expanded, onToggle, children, label, controls }: ExpandButtonProps) {
  const Icon = expanded ? IconChevronDown : IconChevronRight;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<Icon size={14} aria-hidden />}
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      aria-label={label}
      onClick={onToggle}
      h="auto"
      py={4}
      // A long name wraps inside the button, which grows with it instead of clipping the lines.
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left', overflow: 'visible', height: 'auto' } }}
    >
      {children}
    </Button>
  );
}
