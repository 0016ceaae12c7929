import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/layouts/page-frame';

/** /DocumentLink/{documentData}: the document issue adds the access check and the viewer. */
export function DocumentLinkPage({ documentData }: { documentData: string }) {
  const { t } = useTranslation();
  return (
    <Container component="main" size="md" py="xl" data-document-data={documentData}>
      <PageFrame title={t('documentLink.title')} description={t('documentLink.description')} />
    </Container>
  );
}
