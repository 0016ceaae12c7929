import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function BackToSoftware() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/software" fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden="true" />
        {t('software.backToList')}
      </Group>
    </Anchor>
  );
}
