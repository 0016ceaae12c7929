import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContentLabel } from '../../../lib/i18n/content-labels';

/** The products a software item works with, by name in the user's language, as small badges after a label. */
export function EquipmentBadges({ equipment }: { equipment: string[] }) {
  const { t } = useTranslation();
  const label = useContentLabel();
  if (equipment.length === 0) return null;
  return (
    <Group gap={6}>
      <Text fz="xs" c="dimmed">
        {t('software.compatibleWith')}
      </Text>
      {equipment.map((code) => (
        <Badge key={code} variant="default" size="sm" radius="sm" tt="none" title={code}>
          {label('products', code, code)}
        </Badge>
      ))}
    </Group>
  );
}
