import { Alert, Anchor } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { isStaffMember } from '@portal/contracts/admin-console';
import type { MaintenanceNotice } from '@portal/contracts/maintenance';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiClient } from '../../lib/api-client/client';
import { useMe } from '../../lib/auth/me-query';
import { formatDateTime } from '../../lib/dates';

/** How often staff's pages look whether maintenance is still on (it may end at its time, or be ended elsewhere). */
const refreshMs = 60 * 1000;

/**
 * Issue 32: staff (employees, publishers, admins) work on during maintenance while customers see the maintenance
 * page. So that nobody forgets it is on, staff see it above every page with its end; admins also get the way to end it
 * (the console's maintenance switch) and share that panel's query, so switching there updates the banner at once.
 */
export function MaintenanceStaffBanner() {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const isStaff = me !== undefined && isStaffMember(me.roles);
  const isAdmin = me?.roles.includes('admin') === true;
  const state = useQuery({
    queryKey: isAdmin ? ['admin', 'maintenance'] : ['maintenance'],
    queryFn: ({ signal }) => apiClient.get<MaintenanceNotice>(isAdmin ? '/api/Admin/maintenance' : '/api/Maintenance', { signal, notifyOnError: false }),
    enabled: isStaff,
    refetchInterval: refreshMs,
  });
  const until = state.data?.activeUntil;
  if (!isStaff || !until) return null;
  return (
    <Alert variant="light" color="orange" mb="lg" role="status" icon={<IconTool size={18} aria-hidden />} data-testid="maintenance-staff-banner">
      {t('layout.maintenanceOn', { until: formatDateTime(until, i18n.language) })}
      {isAdmin && (
        <>
          {' '}
          <Anchor component={Link} to="/admin/jobs" fz="inherit" fw={600}>
            {t('layout.maintenanceEnd')}
          </Anchor>
        </>
      )}
    </Alert>
  );
}
