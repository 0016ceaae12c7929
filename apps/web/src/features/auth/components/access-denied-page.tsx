import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { AccessDeniedDialog } from '../../../components/errors/access-denied-dialog';

/** /access-denied: the provider refused the sign-in (spec §2, §8). */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('accessDenied.heading')} · ${t('app.name')}`);
  return (
    <main>
      <AccessDeniedDialog message="accessDenied.notAuthorized" />
    </main>
  );
}
