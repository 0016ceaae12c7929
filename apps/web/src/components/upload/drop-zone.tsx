import { Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import classes from './drop-area.module.css';

interface DropZoneProps {
  /** While disabled, the area refuses drops (and says so to the mouse pointer). */
  disabled: boolean;
  hint: string;
  /** The hint's id, for the buttons' `aria-describedby`. */
  hintId: string;
  testId: string;
  onDrop: (data: DataTransfer) => void;
  /** The buttons (and hidden inputs) that open the pickers, for keyboard and screen-reader users. */
  children: ReactNode;
}

/** The dashed area files or folders are dropped on, highlighted while something is dragged over it. */
export function DropZone({ disabled, hint, hintId, testId, onDrop, children }: DropZoneProps) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={classes.area}
      data-over={over || undefined}
      data-testid={testId}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!disabled) onDrop(event.dataTransfer);
      }}
    >
      <Stack align="center" gap="xs">
        <IconUpload size={32} stroke={1.5} aria-hidden="true" />
        <Text fw={500} id={hintId} ta="center">
          {hint}
        </Text>
        {children}
      </Stack>
    </div>
  );
}
