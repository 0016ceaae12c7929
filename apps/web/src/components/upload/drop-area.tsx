import { Button, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './drop-area.module.css';

interface DropAreaProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** Several files at once (the default), or one. */
  multiple?: boolean;
  /** The file picker's `accept` filter, e.g. ".json,.csv". */
  accept?: string;
  /** What the area says, and the button's label (default: the console's "drop files here" and "Choose files"). */
  hint?: string;
  chooseLabel?: string;
}

/**
 * A drop zone for files, with a button opening the file picker for keyboard and screen-reader
 * users (the area itself is only a target for the mouse).
 */
export function DropArea({ onFiles, disabled = false, multiple = true, accept, hint, chooseLabel }: DropAreaProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const choose = chooseLabel ?? t('admin.upload.choose');

  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length > 0 && !disabled) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <div
      className={classes.area}
      data-over={over || undefined}
      data-testid="upload-drop-area"
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        take(event.dataTransfer.files);
      }}
    >
      <Stack align="center" gap="xs">
        <IconUpload size={32} stroke={1.5} aria-hidden="true" />
        <Text fw={500} id={hintId} ta="center">
          {hint ?? t('admin.upload.dropHint')}
        </Text>
        <Button variant="light" onClick={() => input.current?.click()} disabled={disabled} aria-describedby={hintId}>
          {choose}
        </Button>
        <input
          ref={input}
          type="file"
          multiple={multiple}
          accept={accept}
          hidden
          aria-label={choose}
          data-testid="upload-input"
          onChange={(event) => {
            take(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </Stack>
    </div>
  );
}
