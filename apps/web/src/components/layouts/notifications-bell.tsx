import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { unreadCountQueryOptions } from '../../lib/alerts/notifications-api';

/** The header's bell: the unread notifications (polled every minute and on focus); opens the list. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const { data: unread = 0 } = useQuery(unreadCountQueryOptions());
  const label = t('alerts.bell', { count: unread });

  return (
    <Indicator label={unread > 99 ? '99+' : unread} disabled={unread === 0} size={16} offset={6} color="red" inline>
      <ActionIcon component={Link} to="/notifications" variant="subtle" color="gray" size="lg" aria-label={label} title={label} data-testid="notifications-bell" data-unread={unread}>
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
