import { Divider, Group, Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import classes from './main-nav.module.css';
import { isNavItemActive, navItems } from './nav-items';
import { RouteNavLink } from './route-nav-link';

/** The header's navigation, shown from the medium breakpoint up. */
export function MainNav() {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('layout.mainNavigation')} gap={4} wrap="nowrap">
      {navItems.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end} className={classes.link}>
          <item.icon size={18} stroke={1.7} aria-hidden="true" />
          {t(item.labelKey)}
        </NavLink>
      ))}
    </Group>
  );
}

/** The same links in the side drawer on small screens (the drawer itself is the nav landmark). */
export function MobileNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      {navItems.map((item) => {
        const active = isNavItemActive(item, pathname);
        return <RouteNavLink key={item.to} to={item.to} label={t(item.labelKey)} icon={item.icon} iconSize={20} active={active} onClick={onNavigate} />;
      })}
      {/* On a phone the user menu's own pages are one tap away here too. */}
      <Divider my="xs" />
      <RouteNavLink to="/following" label={t('following.nav')} icon={IconBell} iconSize={20} active={pathname.startsWith('/following')} onClick={onNavigate} />
    </Stack>
  );
}
