import { Avatar, Badge, Button, Divider, Group, Loader, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconChevronDown, IconHistory, IconLogout } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/auth/me-query';
import { signOut } from '../../lib/auth/user-manager';
import { queryClient } from '../../lib/query-client';

/**
 * The signed-in user (name, roles, account from GET /api/Me) and sign-out. A popover rather than a
 * menu: it holds profile text as well as the one action, which a role="menu" may not.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: me, isError } = useMe();
  const label = me ? `${t('layout.userMenu')}: ${me.name}` : t('layout.userMenu');
  // Controlled, so following the history link closes it.
  const [opened, { toggle, close }] = useDisclosure(false);

  const onSignOut = () => {
    queryClient.clear();
    void signOut();
  };

  return (
    <Popover opened={opened} onChange={(next) => (next ? undefined : close())} position="bottom-end" width={280} shadow="md" trapFocus returnFocus withinPortal={false}>
      <Popover.Target>
        <UnstyledButton aria-label={label} onClick={toggle} px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Group gap={8} wrap="nowrap">
            {/* A picture, not initials: visible text inside the button must also be in its name. */}
            <Avatar color="brand" radius="xl" size={32}>
              {me || isError ? null : <Loader size={14} color="brand" />}
            </Avatar>
            <Text component="span" fz="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {me?.name ?? (isError ? t('layout.profileUnavailable') : '')}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('layout.userMenu')} p="sm">
        {me && (
          <>
            <Stack gap={6} pb="sm">
              <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
                {t('layout.signedInAs')}
              </Text>
              <div>
                <Text fw={600} data-testid="user-name">
                  {me.name}
                </Text>
                <Text fz="sm" c="dimmed">
                  {me.email}
                </Text>
              </div>
              <Group gap={6} data-testid="user-roles">
                <Text component="span" fz="sm">
                  {t('layout.roles')}:
                </Text>
                {me.roles.map((role) => (
                  <Badge key={role} variant="light" size="sm">
                    {t(`roles.${role}`)}
                  </Badge>
                ))}
              </Group>
              <Text fz="sm">
                {t('layout.account')}: {me.account ?? t('layout.noAccount')}
              </Text>
            </Stack>
            <Divider mb="xs" />
          </>
        )}
        <Button
          component={Link}
          to="/following"
          variant="subtle"
          color="gray"
          fullWidth
          justify="flex-start"
          leftSection={<IconBell size={16} aria-hidden="true" />}
          data-testid="user-menu-following"
          onClick={close}
        >
          {t('following.nav')}
        </Button>
        <Button
          component={Link}
          to="/downloads"
          variant="subtle"
          color="gray"
          fullWidth
          justify="flex-start"
          leftSection={<IconHistory size={16} aria-hidden="true" />}
          data-testid="user-menu-downloads"
          onClick={close}
        >
          {t('layout.downloadHistory')}
        </Button>
        <Button
          variant="subtle"
          color="red"
          fullWidth
          justify="flex-start"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={onSignOut}
        >
          {t('layout.signOut')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
