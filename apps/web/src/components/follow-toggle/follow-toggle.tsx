import { ActionIcon, Box, Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FollowTarget } from '../../lib/alerts/follows-api';
import { useChangeFollow, useIsFollowed } from '../../lib/alerts/use-follows';

export interface FollowToggleProps extends FollowTarget {
  /** Said after "Follow" where a page holds several controls (a product's name); the visible label stays short. */
  name?: string;
  size?: ButtonProps['size'];
  /** Translation keys of the labels (default: Follow / Following). */
  labels?: { follow: string; following: string };
  /** Only the icon on phones, where the control shares a crowded header (the viewer's). */
  iconOnlyOnPhones?: boolean;
  /** Only the icon, at a fixed size, where many controls sit in compact rows (the result cards). */
  iconOnly?: boolean;
  /** Translation keys of the tooltips (default: told of new versions), where following tells of something else (a unit's notices). */
  hints?: { follow: string; unfollow: string };
}

const defaultLabels = { follow: 'alerts.follow', following: 'alerts.following' };
const defaultHints = { follow: 'alerts.followHint', unfollow: 'alerts.unfollowHint' };

/**
 * Follows an item (document, software, product, search, CAD library, unit): the user is told when
 * something new is published for it, or of notices on the unit.
 */
export function FollowToggle({
  kind,
  itemId,
  name,
  size = 'compact-sm',
  labels = defaultLabels,
  iconOnlyOnPhones = false,
  iconOnly = false,
  hints = defaultHints,
}: FollowToggleProps) {
  const { t } = useTranslation();
  const target = { kind, itemId };
  const followed = useIsFollowed(target);
  const change = useChangeFollow(target);
  const label = t(followed ? labels.following : labels.follow);
  const hint = t(followed ? hints.unfollow : hints.follow);
  const Icon = followed ? IconBellCheck : IconBell;
  // The change shows on the button at once; the toast confirms it was saved (failures are told by the API client).
  const toggle = () =>
    change.mutate(
      { ...target, follow: !followed },
      { onSuccess: (_saved, { follow }) => notifications.show({ color: 'green', title: name, message: t(follow ? 'alerts.followedToast' : 'alerts.unfollowedToast') }) },
    );

  if (iconOnly) {
    return (
      <ActionIcon
        variant="subtle"
        color={followed ? undefined : 'gray'}
        size="lg"
        aria-pressed={followed}
        aria-label={[label, name].filter(Boolean).join(' ')}
        title={hint}
        data-testid={`follow-toggle-${kind}`}
        onClick={toggle}
      >
        <Icon size={20} stroke={1.7} />
      </ActionIcon>
    );
  }

  return (
    <Button
      variant={followed ? 'light' : 'default'}
      size={size}
      leftSection={iconOnlyOnPhones ? undefined : <Icon size={16} stroke={1.8} aria-hidden />}
      aria-pressed={followed}
      aria-label={name || iconOnlyOnPhones ? [label, name].filter(Boolean).join(' ') : undefined}
      title={hint}
      data-testid={`follow-toggle-${kind}`}
      onClick={toggle}
    >
      {iconOnlyOnPhones ? (
        <>
          <Icon size={16} stroke={1.8} aria-hidden />
          <Box component="span" ml={6} visibleFrom="sm">
            {label}
          </Box>
        </>
      ) : (
        label
      )}
    </Button>
  );
}
