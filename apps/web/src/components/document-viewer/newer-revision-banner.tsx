import { Alert, Button, Group, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentRevision } from '@portal/contracts/documents';
import { formatDay } from '../../lib/dates';

/** Says that the revision shown is not the newest, and opens the newest in one click. */
export function NewerRevisionBanner({ newest, onOpen }: { newest: DocumentRevision; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="orange" variant="light" radius={0} p="xs" icon={<IconHistory size={18} aria-hidden />} data-testid="newer-revision-banner">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fz="sm" fw={500}>
          {t('viewer.story.newerRevision', { revision: newest.resourceVersion, date: formatDay(newest.publishedAt, i18n.language) })}
        </Text>
        <Button size="compact-sm" variant="filled" color="orange.9" onClick={onOpen}>
          {t('viewer.story.openRevision', { revision: newest.resourceVersion })}
        </Button>
      </Group>
    </Alert>
  );
}
