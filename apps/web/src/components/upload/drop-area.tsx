import { Button } from '@mantine/core';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DropZone } from './drop-zone';

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
  const hintId = useId();
  const choose = chooseLabel ?? t('admin.upload.choose');

  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length > 0 && !disabled) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <DropZone disabled={disabled} hint={hint ?? t('admin.upload.dropHint')} hintId={hintId} testId="upload-drop-area" onDrop={(data) => take(data.files)}>
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
    </DropZone>
  );
}
