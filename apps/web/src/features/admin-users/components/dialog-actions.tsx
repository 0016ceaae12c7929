import { Alert, Button, Group, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../lib/api-client/refusal-text';

interface DialogActionsProps {
  /** The server's refusal of the last save, shown above the buttons with every field it names. */
  error: unknown;
  onCancel: () => void;
  submitLabel: string;
  saving: boolean;
}

/** The end of a users or accounts dialog: the refusal, then Cancel and the one save button. */
export function DialogActions({ error, onCancel, submitLabel, saving }: DialogActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <Alert color="red" role="alert">
          <List size="sm">
            {refusalText(error, t('adminUsers.errors.saveFailed')).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('adminUsers.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
