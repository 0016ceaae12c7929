import { Box, Center, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canUseConsole } from '@portal/contracts/admin-console';
import { AccessDeniedDialog } from '../../../components/errors/access-denied-dialog';
import { useMe } from '../../../lib/auth/me-query';

function NotAuthorized() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('accessDenied.heading')} · ${t('app.name')}`);
  // A fixed frame over the whole window: inside the padded page, the full-screen dialog would start at the padding.
  return (
    <Box pos="fixed" top={0} left={0} right={0} bottom={0} style={{ zIndex: 'var(--mantine-z-index-modal)' }}>
      <AccessDeniedDialog message="accessDenied.notAuthorized" />
    </Box>
  );
}

/**
 * Shows the console only to publishers and admins; anyone else signed in gets the portal's
 * not-authorized page. (Anonymous visitors never get here: the root route sends them to sign-in.)
 * The API refuses the console's calls to other roles in any case: this only spares them a broken page.
 */
export function ConsoleGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: me, error, isPending } = useMe();
  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('admin.loading')} />
      </Center>
    );
  }
  if (error) throw error;
  if (!canUseConsole(me.roles)) return <NotAuthorized />;
  return children;
}
