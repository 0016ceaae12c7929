import { Group, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import classes from './main-nav.module.css';
import { isNavItemActive, navItems } from './nav-items';

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
        return (
          <MantineNavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={t(item.labelKey)}
            leftSection={<item.icon size={20} stroke={1.7} aria-hidden="true" />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}
