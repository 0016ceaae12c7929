import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DialogFooterProps {
  /** The server's refusal or the form's error, shown above the buttons. */
  error: string | null;
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: string;
  submitDisabled?: boolean;
  saving?: boolean;
}

/** The end of a console dialog's form: its error, then Cancel and the submit button. */
export function DialogFooter({ error, onCancel, cancelLabel, submitLabel, submitDisabled = false, saving = false }: DialogFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel ?? t('admin.cancel')}
        </Button>
        <Button type="submit" disabled={submitDisabled} loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
