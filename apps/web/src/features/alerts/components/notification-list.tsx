import { Anchor, Badge, Box, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Notification } from '@portal/contracts/alerts';
import { formatDateTime } from '../../../lib/dates';

/** A version's label, for a notice on units its kind (safety, change), for a paper request its state. */
function badgeText(t: TFunction, item: Notification): string {
  if (item.event === 'notice') return t(`units.noticeKinds.${item.versionLabel}`, { defaultValue: item.versionLabel });
  if (item.event === 'paperRequest') return t(`alerts.paperStates.${item.versionLabel}`, { defaultValue: item.versionLabel });
  if (item.event === 'feedbackFixed') return t('feedback.notificationBadge');
  return t('alerts.version', { version: item.versionLabel });
}

interface NotificationListProps {
  items: Notification[];
  /** Opens a notification's deep link (after marking it read). */
  onOpen: (notification: Notification) => void;
}

/** The notifications of one page, newest first; unread ones stand out and say so to screen readers. */
export function NotificationList({ items, onOpen }: NotificationListProps) {
  const { t, i18n } = useTranslation();

  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="notification-list">
      {items.map((item) => (
        <Card key={item.id} component="li" withBorder radius="md" padding="md" bg={item.read ? undefined : 'var(--mantine-primary-color-light)'} data-read={item.read} data-testid="notification">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={4} miw={0}>
              <Group gap={8} wrap="wrap">
                {!item.read && <Box w={8} h={8} bg="var(--mantine-primary-color-filled)" style={{ borderRadius: '50%' }} aria-hidden />}
                <Anchor
                  component={Link}
                  to={item.link}
                  fw={item.read ? 500 : 700}
                  // On an unread card's tinted background the primary link colour lacks contrast: the text colour has it.
                  c={item.read ? undefined : 'var(--mantine-color-text)'}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    onOpen(item);
                  }}
                >
                  {item.title}
                  {!item.read && <VisuallyHidden>{` (${t('alerts.unread')})`}</VisuallyHidden>}
                </Anchor>
                <Badge variant="light" color={item.event === 'notice' ? 'orange' : 'gray'} tt="none">
                  {badgeText(t, item)}
                </Badge>
                <Text fz="xs" c="dimmed">
                  {item.event === 'feedbackFixed' ? t('feedback.notificationEvent') : t(`alerts.events.${item.event}`)}
                </Text>
              </Group>
              {item.changeNote && (
                <Text fz="sm" c="dimmed">
                  {item.changeNote}
                </Text>
              )}
            </Stack>
            <Text component="time" dateTime={item.createdAt} fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(item.createdAt, i18n.language)}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
