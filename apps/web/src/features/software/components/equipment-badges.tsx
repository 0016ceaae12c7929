import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The equipment a software item works with, as small badges after a label. */
export function EquipmentBadges({ equipment }: { equipment: string[] }) {
  const { t } = useTranslation();
  if (equipment.length === 0) return null;
  return (
    <Group gap={6}>
      <Text fz="xs" c="dimmed">
        {t('software.compatibleWith')}
      </Text>
      {equipment.map((name) => (
        <Badge key={name} variant="default" size="sm" radius="sm" tt="none">
          {name}
        </Badge>
      ))}
    </Group>
  );
}
