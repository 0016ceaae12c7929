import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useBreakpoint } from '../../lib/hooks/use-breakpoint';
import { DeferredRender } from '../ui/deferred-render';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { DemoContentBanner } from './demo-content-banner';
import { MaintenanceStaffBanner } from './maintenance-staff-banner';
import { MobileNav } from './main-nav';

/** Main layout of every signed-in page: header with navigation, drawer on small screens. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's links are drawn once it is first opened: hidden on desktops, they only cost the first render there.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const toggleNavbar = () => {
    setDrawerUsed(true);
    toggle();
  };
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
        <AppHeader navbarOpened={navbarOpened} onToggleNavbar={toggleNavbar} navAfterTasks={2} toolsAfterTasks={3} />
      </AppShell.Header>
      <AppShell.Navbar p="md" hiddenFrom="md" aria-label={t('layout.mobileNavigation')} inert={!navbarOpened}>
        {drawerUsed && <MobileNav onNavigate={close} />}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" className={classes.main} tabIndex={-1}>
        <Container size="xl" px={0}>
          {/* The first view in four tasks rather than one: the frame, the page, the header's links, then
              its controls (Lighthouse counts every task over 50 ms as blocking). */}
          <DeferredRender tasks={1}>
            <DemoContentBanner />
            <MaintenanceStaffBanner />
            <Outlet />
          </DeferredRender>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
