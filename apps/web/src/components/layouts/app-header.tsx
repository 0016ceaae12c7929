import { ActionIcon, Burger, Button, Group } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canUseConsole } from '@portal/contracts/admin-console';
import { useMe } from '../../lib/auth/me-query';
import { useBreakpoint } from '../../lib/hooks/use-breakpoint';
import { DeferredRender } from '../ui/deferred-render';
import { Logo } from '../ui/logo';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { ExternalLinks, ExternalLinksMenu } from './external-links';
import { LanguageMenu } from './language-menu';
import { MainNav } from './main-nav';
import { NotificationsBell } from './notifications-bell';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
  /** Draws the links to the sections this many tasks after the rest. */
  navAfterTasks?: number;
  /** Draws the right-hand controls (other sites, console, bell, language, colours, user) this many tasks after the rest. */
  toolsAfterTasks?: number;
}

/** The way into the publishing console, for publishers and admins only. */
function ConsoleLink() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me || !canUseConsole(me.roles)) return null;
  return (
    <>
      <Button component={Link} to="/admin" variant="subtle" size="compact-sm" leftSection={<IconLayoutDashboard size={18} aria-hidden="true" />} visibleFrom="sm" data-testid="console-link">
        {t('layout.console')}
      </Button>
      <ActionIcon component={Link} to="/admin" variant="subtle" color="gray" size="lg" aria-label={t('layout.console')} hiddenFrom="sm">
        <IconLayoutDashboard size={20} aria-hidden="true" />
      </ActionIcon>
    </>
  );
}

export function AppHeader({ navbarOpened, onToggleNavbar, navAfterTasks = 0, toolsAfterTasks = 0 }: AppHeaderProps) {
  const { t } = useTranslation();
  // Only the variant the width shows is drawn (the menu is a floating dropdown, costly to set up).
  const breakpoint = useBreakpoint();
  const wide = breakpoint === 'lg' || breakpoint === 'xl';
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="md"
          size="sm"
          aria-label={t('layout.toggleNavigation')}
          aria-expanded={navbarOpened}
        />
        <Link to="/" aria-label={t('layout.homeLink')} style={{ textDecoration: 'none' }}>
          <Logo textVisibleFrom="sm" />
        </Link>
        <DeferredRender tasks={navAfterTasks}>
          <Group visibleFrom="md" wrap="nowrap">
            <MainNav />
          </Group>
        </DeferredRender>
      </Group>
      <DeferredRender tasks={toolsAfterTasks}>
        <HeaderTools wide={wide} />
      </DeferredRender>
    </Group>
  );
}

function HeaderTools({ wide }: { wide: boolean }) {
  return (
    <Group gap={4} wrap="nowrap">
      {wide ? (
        <Group mr="sm">
          <ExternalLinks />
        </Group>
      ) : (
        <ExternalLinksMenu />
      )}
      <ConsoleLink />
      <NotificationsBell />
      <LanguageMenu />
      <ColorSchemeToggle />
      <UserMenu />
    </Group>
  );
}
