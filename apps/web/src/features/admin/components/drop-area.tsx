import { Button, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './drop-area.module.css';

/**
 * A drop zone for many files at once, with a button opening the file picker for keyboard and
 * screen-reader users (the area itself is only a target for the mouse).
 */
export function DropArea({ onFiles, disabled = false }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length > 0 && !disabled) onFiles(files);
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
        <Text fw={500} id="upload-drop-hint">
          {t('admin.upload.dropHint')}
        </Text>
        <Button variant="light" onClick={() => input.current?.click()} disabled={disabled} aria-describedby="upload-drop-hint">
          {t('admin.upload.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={t('admin.upload.choose')}
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
