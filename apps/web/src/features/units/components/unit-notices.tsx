import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { UnitNotice } from '@portal/contracts/units';
import { useTranslation } from 'react-i18next';

/** Safety and change notices that concern this unit, as banners above everything else. */
export function UnitNotices({ notices }: { notices: UnitNotice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <Stack gap="sm">
      {notices.map((notice) => (
        <Alert
          key={notice.id}
          color={notice.kind === 'safety' ? 'red' : 'yellow'}
          variant="light"
          icon={notice.kind === 'safety' ? <IconAlertTriangle /> : <IconInfoCircle />}
          title={`${t(`units.noticeKinds.${notice.kind}`)}: ${notice.title}`}
          data-testid="unit-notice"
        >
          {notice.body && <Text fz="sm">{notice.body}</Text>}
        </Alert>
      ))}
    </Stack>
  );
}
