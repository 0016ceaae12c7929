import { Card, Group, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBox, IconDeviceDesktopCode, IconRobot, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface QuickLink {
  to: string;
  titleKey: string;
  descriptionKey: string;
  icon: Icon;
}

const links: QuickLink[] = [
  { to: '/software', titleKey: 'home.software', descriptionKey: 'home.softwareDescription', icon: IconDeviceDesktopCode },
  { to: '/cadFiles', titleKey: 'home.cadFiles', descriptionKey: 'home.cadFilesDescription', icon: IconBox },
  { to: '/units', titleKey: 'units.myEquipment', descriptionKey: 'units.myEquipmentHome', icon: IconRobot },
];

/** Shortcuts to the software and CAD pages. */
export function QuickLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('home.quickLinks')} data-testid="home-quick-links">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {links.map(({ to, titleKey, descriptionKey, icon: LinkIcon }) => (
          <UnstyledButton key={to} component={Link} to={to}>
            <Card withBorder radius="md" padding="md" h="100%">
              <Group wrap="nowrap" gap="md">
                <ThemeIcon size={44} radius="md" variant="light">
                  <LinkIcon size={24} stroke={1.6} aria-hidden />
                </ThemeIcon>
                <div>
                  <Text fw={650}>{t(titleKey)}</Text>
                  <Text fz="sm" c="dimmed">
                    {t(descriptionKey)}
                  </Text>
                </div>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </nav>
  );
}
