import { Anchor, Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Follow } from '@portal/contracts/alerts';
import { useChangeFollow } from '../../../lib/alerts/use-follows';
import { useSetFollowMail } from '../api/set-follow-mail';
import { followLink } from './follow-link';

/** One followed item: what it is, since when, whether its news also comes by mail, and the way to stop following it. */
export function FollowingRow({ follow, dateFormat }: { follow: Follow; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const change = useChangeFollow(follow);
  const setMail = useSetFollowMail(follow);
  const mail = setMail.isPending ? setMail.variables : follow.mail;
  const link = followLink(follow);
  const title = follow.title.trim() || follow.itemId;
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm" py="sm" data-testid="following-row" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      {/* On a phone the mail switch and the unfollow button wrap below the title. */}
      <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" size="sm">
            {t(`following.kinds.${follow.kind}`)}
          </Badge>
          {link ? (
            <Anchor component={Link} to={link} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Anchor>
          ) : (
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t(follow.automatic ? 'following.sinceDownload' : 'following.since', { date: dateFormat.format(new Date(follow.createdAt)) })}
        </Text>
      </Stack>
      <Group gap="md" wrap="nowrap" style={{ flex: 'none' }}>
      <Switch
        label={t('following.mail')}
        checked={mail}
        disabled={setMail.isPending}
        onChange={(event) => setMail.mutate(event.currentTarget.checked)}
        aria-label={t('following.mailItem', { title })}
      />
      <Button
        variant="default"
        size="compact-sm"
        leftSection={<IconBellOff size={16} aria-hidden />}
        loading={change.isPending}
        onClick={() => change.mutate({ ...follow, follow: false })}
        aria-label={t('following.unfollowItem', { title })}
      >
        {t('following.unfollow')}
      </Button>
      </Group>
    </Group>
  );
}
