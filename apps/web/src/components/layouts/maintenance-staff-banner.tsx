import { Alert, Anchor } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MaintenanceState } from '@portal/contracts/maintenance';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiClient } from '../../lib/api-client/client';
import { useMe } from '../../lib/auth/me-query';

/** How often an admin's pages look whether maintenance is still on (it may end at its time, or be ended elsewhere). */
const refreshMs = 60 * 1000;

/**
 * Issue 32: staff work on during maintenance while customers see the maintenance page. So that
 * nobody forgets it is on, admins see it above every page with the way to end it (the console's
 * maintenance switch). Shares the console panel's query, so switching there updates it at once.
 */
export function MaintenanceStaffBanner() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const isAdmin = me?.roles.includes('admin') === true;
  const state = useQuery({
    queryKey: ['admin', 'maintenance'],
    queryFn: ({ signal }) => apiClient.get<MaintenanceState>('/api/Admin/maintenance', { signal, notifyOnError: false }),
    enabled: isAdmin,
    refetchInterval: refreshMs,
  });
  if (!isAdmin || !state.data?.activeUntil) return null;
  return (
    <Alert variant="light" color="orange" mb="lg" role="status" icon={<IconTool size={18} aria-hidden />} data-testid="maintenance-staff-banner">
      {t('layout.maintenanceOn')}{' '}
      <Anchor component={Link} to="/admin/jobs" fz="inherit" fw={600}>
        {t('layout.maintenanceEnd')}
      </Anchor>
    </Alert>
  );
}
