import { Button, type ButtonProps } from '@mantine/core';

interface RowActionButtonProps extends Omit<ButtonProps, 'size' | 'variant'> {
  /** The action with the row it acts on, for screen readers (the visible text names only the action). */
  label: string;
  onClick: () => void;
}

/** The button of one table row's action (edit, retry, withdraw, close…): compact and light. */
export function RowActionButton({ label, ...props }: RowActionButtonProps) {
  return <Button size="compact-sm" variant="light" aria-label={label} {...props} />;
}
