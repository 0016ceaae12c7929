import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminImportStatus, ImportFileResult } from '@portal/contracts/admin-import';

const colors: Record<AdminImportStatus | ImportFileResult['outcome'], string> = {
  queued: 'gray', running: 'blue', done: 'green', failed: 'red', added: 'green', skipped: 'gray', refused: 'orange',
};

/** An import's state or a file's outcome, as a coloured badge with its label. */
export function ImportBadge({ value }: { value: AdminImportStatus | ImportFileResult['outcome'] }) {
  const { t } = useTranslation();
  const label = value === 'failed' || value === 'done' || value === 'queued' || value === 'running' ? t(`adminImport.statuses.${value}`) : t(`adminImport.outcomes.${value}`);
  return (
    <Badge color={colors[value]} variant="light" miw="max-content">
      {label}
    </Badge>
  );
}
