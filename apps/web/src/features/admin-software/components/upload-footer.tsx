import { Button, Group, Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from './form-error';

interface UploadFooterProps {
  progress: number | null;
  errorLines: readonly string[] | null;
  onCancel: () => void;
  submitLabel: string;
  submitDisabled: boolean;
}

/** The end of a version form: the upload's progress or its refusal, then Cancel and the submit button. */
export function UploadFooter({ progress, errorLines, onCancel, submitLabel, submitDisabled }: UploadFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {progress !== null && <Progress value={progress * 100} aria-label={t('adminSoftware.files.progress')} />}
      <FormError lines={errorLines} />
      <Group justify="end">
        <Button variant="default" onClick={onCancel} disabled={progress !== null}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" disabled={submitDisabled} loading={progress !== null}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
