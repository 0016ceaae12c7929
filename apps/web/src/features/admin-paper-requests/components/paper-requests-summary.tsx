import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconMailbox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paperRequestCountsQueryOptions } from '../api/paper-requests-api';
import { toPaperRequestParams } from '../hooks/use-paper-request-filter';

const overdueLink = `/admin/paper-requests?${toPaperRequestParams({ state: null, overdueOnly: true, page: 1 })}`;

/** The console home's line on paper requests: how many are overdue (linking to them) and how many are open. */
export function PaperRequestsSummary() {
  const { t } = useTranslation();
  const counts = useQuery(paperRequestCountsQueryOptions());
  if (!counts.data) return null;
  const { overdue, open } = counts.data;
  const late = overdue > 0;
  return (
    <Alert
      color={late ? 'red' : 'gray'}
      variant="light"
      icon={late ? <IconAlertTriangle size={18} aria-hidden /> : <IconMailbox size={18} aria-hidden />}
      data-testid="paper-requests-summary"
      py="xs"
    >
      <Group gap="xs" wrap="wrap">
        <Anchor component={Link} to={late ? overdueLink : '/admin/paper-requests'} fz="sm" fw={late ? 700 : 500} c={late ? 'red' : undefined}>
          {t('adminPaperRequests.summary.overdue', { count: overdue })}
        </Anchor>
        <Text fz="sm" c="dimmed">{t('adminPaperRequests.summary.open', { count: open })}</Text>
      </Group>
    </Alert>
  );
}
