import { ActionIcon, Anchor, Group, Menu } from '@mantine/core';
import { IconApps, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../lib/config';

function useExternalLinks() {
  const { t } = useTranslation();
  const config = getConfig();
  return [
    { href: config.customerPortalUrl, label: t('layout.customerPortal') },
    { href: config.equipmentCenterUrl, label: t('layout.equipmentCenter') },
  ];
}

/** Links to the maker's other sites (configured per deployment), opening in a new tab. */
export function ExternalLinks() {
  const { t } = useTranslation();
  const links = useExternalLinks();
  return (
    <Group gap="md" wrap="nowrap">
      {links.map((link) => (
        <Anchor key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" fz="sm" c="var(--mantine-color-text)">
          <Group gap={4} wrap="nowrap" component="span">
            {link.label}
            <IconExternalLink size={14} aria-label={t('layout.opensInNewTab')} />
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}

/** The same links behind one button, where the header has no room for them. */
export function ExternalLinksMenu() {
  const { t } = useTranslation();
  const links = useExternalLinks();
  return (
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('layout.otherSites')}>
          <IconApps size={20} stroke={1.7} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => (
          <Menu.Item
            key={link.href}
            component="a"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={14} aria-label={t('layout.opensInNewTab')} />}
          >
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
