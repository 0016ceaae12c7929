import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

interface RemoveButtonProps extends Omit<ActionIconProps, 'children' | 'variant'> {
  /** What the button removes, for screen readers (the icon has no text). */
  label: string;
  onClick: () => void;
}

/** The bin icon that removes one row of a list (a file to upload, a grant, a rule). */
export function RemoveButton({ label, color = 'gray', ...props }: RemoveButtonProps) {
  return (
    <ActionIcon variant="subtle" color={color} aria-label={label} {...props}>
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}
