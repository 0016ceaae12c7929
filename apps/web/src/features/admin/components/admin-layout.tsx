import { Box, Flex, ScrollArea, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { RouteNavLink } from '../../../components/layouts/route-nav-link';
import { useMe } from '../../../lib/auth/me-query';
import { ConsoleGuard } from './console-guard';
import { visibleConsoleNavItems } from './console-nav-items';
import classes from './admin-layout.module.css';

function ConsoleNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: me } = useMe();
  return (
    <Box component="nav" aria-label={t('admin.nav.label')} className={classes.nav}>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={6} visibleFrom="md">
        {t('admin.console')}
      </Text>
      <ScrollArea type="never">
        <Flex direction={{ base: 'row', md: 'column' }} gap={2}>
          {visibleConsoleNavItems(me?.roles ?? []).map((item) => {
            const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
            return <RouteNavLink key={item.to} to={item.to} label={t(item.labelKey)} icon={item.icon} iconSize={18} active={active} className={classes.link} />;
          })}
        </Flex>
      </ScrollArea>
    </Box>
  );
}

/** /admin: the publishing console, a side navigation beside the page (above it on small screens). */
export function AdminLayout() {
  return (
    <ConsoleGuard>
      <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: 'md', md: 'xl' }} align="stretch">
        <ConsoleNav />
        <Box className={classes.content}>
          <Outlet />
        </Box>
      </Flex>
    </ConsoleGuard>
  );
}
