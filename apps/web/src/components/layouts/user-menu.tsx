import { Avatar, Badge, Group, Loader, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/auth/me-query';
import { signOut } from '../../lib/auth/user-manager';
import { queryClient } from '../../lib/query-client';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase() || '?';
}

/** The signed-in user (name, roles, account from GET /api/Me) and sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: me, isError } = useMe();

  const onSignOut = () => {
    queryClient.clear();
    void signOut();
  };

  return (
    <Menu position="bottom-end" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('layout.userMenu')} data-testid="user-menu-button" px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={32}>
              {me ? initials(me.name) : isError ? '?' : <Loader size={14} color="brand" />}
            </Avatar>
            <Text component="span" fz="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {me?.name ?? (isError ? t('layout.profileUnavailable') : '')}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {me && (
          <>
            <Menu.Label>{t('layout.signedInAs')}</Menu.Label>
            <Stack gap={6} px="sm" pb="sm">
              <div>
                <Text fw={600} data-testid="user-name">{me.name}</Text>
                <Text fz="sm" c="dimmed">{me.email}</Text>
              </div>
              <Group gap={6} aria-label={t('layout.roles')} data-testid="user-roles">
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
            <Menu.Divider />
          </>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={onSignOut}>
          {t('layout.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
