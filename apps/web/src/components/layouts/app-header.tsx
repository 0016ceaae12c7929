import { Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../ui/logo';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { ExternalLinks, ExternalLinksMenu } from './external-links';
import { LanguageMenu } from './language-menu';
import { MainNav } from './main-nav';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

export function AppHeader({ navbarOpened, onToggleNavbar }: AppHeaderProps) {
  const { t } = useTranslation();
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
        <Group visibleFrom="md" wrap="nowrap">
          <MainNav />
        </Group>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Group visibleFrom="lg" mr="sm">
          <ExternalLinks />
        </Group>
        <Group hiddenFrom="lg">
          <ExternalLinksMenu />
        </Group>
        <LanguageMenu />
        <ColorSchemeToggle />
        <UserMenu />
      </Group>
    </Group>
  );
}
