import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SoftwareItemSummary } from '@portal/contracts/software';
import { FavoriteToggle } from '../../../components/favorite-toggle/favorite-toggle';
import { formatDay } from '../../../lib/download/format';
import { categoryLabel } from './category-filter';
import { EquipmentBadges } from './equipment-badges';
import { SoftwareStatusBadge } from './software-status-badge';

export function softwareItemPath(equipmentName: string): string {
  return `/software/${encodeURIComponent(equipmentName)}`;
}

/** One item of the list: name (the link), category, description, equipment, latest version and date. */
export function SoftwareCard({ item }: { item: SoftwareItemSummary }) {
  const { t, i18n } = useTranslation();
  const latest = item.latestVersion;
  return (
    <Card withBorder radius="md" padding="lg" component="article" data-testid="software-card" data-equipment={item.equipmentName}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Anchor component={Link} to={softwareItemPath(item.equipmentName)} fw={650} fz="lg" lh={1.3}>
              {item.name}
            </Anchor>
            <Group gap={6}>
              <Badge variant="light" color="gray" size="sm">
                {categoryLabel(t, item.category)}
              </Badge>
              <Text fz="xs" c="dimmed">
                {item.equipmentName}
              </Text>
            </Group>
          </Stack>
          <FavoriteToggle itemKind="software" itemId={item.id} title={item.name} />
        </Group>
        <Text fz="sm" c="dimmed" lineClamp={3} style={{ flexGrow: 1 }}>
          {item.description}
        </Text>
        <EquipmentBadges equipment={item.compatibleEquipment} />
        <Group gap="xs" justify="space-between" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          {latest ? (
            <>
              <Text fz="sm" data-testid="latest-version">
                {t('software.latestVersion', { version: latest.number, date: formatDay(latest.releaseDate, i18n.language) })}
              </Text>
              <SoftwareStatusBadge status={latest.status} />
            </>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('software.noVersion')}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
