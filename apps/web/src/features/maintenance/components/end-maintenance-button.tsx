import { Button, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndMaintenance } from '../api/end-maintenance';

/**
 * For an admin on the maintenance page: the console is behind the maintenance page too, so the
 * switch that ends it is offered here; back to the home page once it is off (it stays on while the
 * server's configuration, MAINTENANCE_UNTIL, says so).
 */
export function EndMaintenanceButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const end = useEndMaintenance();
  return (
    <Stack align="center" gap="xs" data-testid="end-maintenance">
      <Text size="sm" c="dimmed">
        {t('maintenance.adminHint')}
      </Text>
      <Button
        color="orange"
        leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
        loading={end.isPending}
        onClick={() =>
          end.mutate(undefined, {
            onSuccess: (state) => {
              if (state.activeUntil === null) void navigate('/');
            },
          })
        }
      >
        {t('maintenance.endNow')}
      </Button>
      {(end.isError || end.data?.activeUntil) && (
        <Text size="sm" c="red" role="alert" maw={560}>
          {t(end.isError ? 'maintenance.endFailed' : 'maintenance.stillConfigured')}
        </Text>
      )}
    </Stack>
  );
}
