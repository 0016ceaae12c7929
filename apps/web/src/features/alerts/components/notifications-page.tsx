import { Button, Center, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification } from '@portal/contracts/alerts';
import { PageFrame } from '../../../components/layouts/page-frame';
import { notificationsPageSize, useMarkNotificationsRead, useNotifications } from '../../../lib/alerts/notifications-api';
import { EmptyState, ErrorState, LoadingState } from '../../../lib/download/load-states';
import { NotificationList } from './notification-list';
import { PreferencesPanel } from './preferences-panel';

/** Issue #14: what was published for the user (newest first, in pages), mark read, and the mail preferences. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const query = useNotifications(page);
  const markRead = useMarkNotificationsRead();
  const data = query.data;
  const pageCount = data ? Math.ceil(data.total / notificationsPageSize) : 0;

  // Marked read before leaving: a navigation cancels the requests still running.
  const open = async (notification: Notification) => {
    if (!notification.read) await markRead.mutateAsync({ ids: [notification.id] }).catch(() => undefined);
    await navigate(notification.link);
  };

  return (
    <PageFrame title={t('alerts.title')} description={t('alerts.description')}>
      <Group justify="space-between">
        <Text fw={600} aria-live="polite" data-testid="unread-count">
          {data ? t('alerts.unreadCount', { count: data.unread }) : '\u00a0'}
        </Text>
        <Button
          variant="default"
          leftSection={<IconChecks size={18} aria-hidden />}
          disabled={!data || data.unread === 0}
          loading={markRead.isPending && markRead.variables && 'all' in markRead.variables}
          onClick={() => markRead.mutate({ all: true })}
          data-testid="mark-all-read"
        >
          {t('alerts.markAllRead')}
        </Button>
      </Group>
      <Stack gap="md">
        {query.isPending && <LoadingState />}
        {query.isError && <ErrorState title={t('alerts.loadError')} onRetry={() => void query.refetch()} />}
        {data && data.items.length === 0 && <EmptyState title={t('alerts.empty')} hint={t('alerts.emptyHint')} />}
        {data && data.items.length > 0 && <NotificationList items={data.items} onOpen={(item) => void open(item)} />}
        {pageCount > 1 && (
          <Center>
            <Pagination total={pageCount} value={page} onChange={setPage} aria-label={t('alerts.pages')} siblings={0} />
          </Center>
        )}
      </Stack>
      <PreferencesPanel />
    </PageFrame>
  );
}
