import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SoftwareStatus } from '@portal/contracts/software';

const colors: Record<SoftwareStatus, string> = { current: 'green', previous: 'gray', beta: 'orange' };

export function SoftwareStatusBadge({ status }: { status: SoftwareStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[status]} variant={status === 'previous' ? 'outline' : 'light'} size="sm" data-status={status}>
      {t(`software.status.${status}`)}
    </Badge>
  );
}
