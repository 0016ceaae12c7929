import { Button, Modal, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconTool } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Role } from '@portal/contracts/users';
import { Logo } from '../../../components/ui/logo';
import { MailLink } from '../../../components/ui/mail-link';
import { getConfig } from '../../../lib/config';
import { formatNextAvailability, nextAvailabilityTimeZone } from '../utils/format-next-availability';
import { sessionRoles } from '../utils/session-roles';
import { EndMaintenanceButton } from './end-maintenance-button';

const noop = () => undefined;

/** /under-maintenance?nextAvailability=…: full-screen persistent dialog (spec §2); an admin may end maintenance from it. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('nextAvailability');
  const nextAvailability = useMemo(() => formatNextAvailability(raw), [raw]);
  const supportEmail = getConfig().supportEmail;
  const isAdmin = useMemo(() => sessionRoles().includes('admin' satisfies Role), []);
  useDocumentTitle(`${t('maintenance.title')} · ${t('app.name')}`);

  return (
    <main>
      <Modal.Root opened onClose={noop} fullScreen closeOnEscape={false} closeOnClickOutside={false} withinPortal={false}>
        <Modal.Overlay />
        <Modal.Content data-testid="maintenance-dialog">
          <Modal.Body h="100%">
            <Stack align="center" justify="center" gap="lg" ta="center" mih="100%" py="xl">
              <Logo size={56} />
              <IconTool size={56} stroke={1.4} color="var(--mantine-color-orange-6)" aria-hidden="true" />
              <Modal.Title fz={30} fw={700} tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
                {t('maintenance.title')}
              </Modal.Title>
              {nextAvailability ? (
                <Text fz="lg">
                  {t('maintenance.until')}{' '}
                  <Text component="time" dateTime={raw ?? undefined} fw={700} inherit data-testid="next-availability">
                    {nextAvailability}
                  </Text>{' '}
                  <Text component="span" inherit c="dimmed" data-testid="next-availability-zone">
                    ({nextAvailabilityTimeZone(raw ?? '')})
                  </Text>
                </Text>
              ) : (
                <Text fz="lg">{t('maintenance.inProgress')}</Text>
              )}
              <Text maw={560}>
                <Trans i18nKey="maintenance.contact" values={{ email: supportEmail }} components={{ mail: <MailLink email={supportEmail} /> }} />
              </Text>
              <Button component={Link} to="/" variant="light" mt="sm">
                {t('maintenance.retry')}
              </Button>
              {isAdmin && <EndMaintenanceButton />}
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </main>
  );
}
