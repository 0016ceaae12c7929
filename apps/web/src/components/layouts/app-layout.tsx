import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useBreakpoint } from '../../lib/hooks/use-breakpoint';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { DemoContentBanner } from './demo-content-banner';
import { MobileNav } from './main-nav';

/** Main layout of every signed-in page: header with navigation, drawer on small screens. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const breakpoint = useBreakpoint();
  // The drawer only exists below the medium breakpoint; growing the window closes it.
  const navbarOpened = opened && (breakpoint === 'xs' || breakpoint === 'sm');

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { mobile: !navbarOpened, desktop: true } }}
      padding={{ base: 'md', sm: 'lg', lg: 'xl' }}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('layout.skipToContent')}
      </a>
      <AppShell.Header className={classes.header}>
        <AppHeader navbarOpened={navbarOpened} onToggleNavbar={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="md" hiddenFrom="md" aria-label={t('layout.mobileNavigation')} inert={!navbarOpened}>
        <MobileNav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" className={classes.main} tabIndex={-1}>
        <Container size="xl" px={0}>
          <DemoContentBanner />
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
