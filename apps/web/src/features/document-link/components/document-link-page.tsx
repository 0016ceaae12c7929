import { Box, Button, Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentViewerDialog } from '../../../components/document-viewer/document-viewer-dialog';
import { AccessDeniedDialog } from '../../../components/errors/access-denied-dialog';
import { documentLinkFailure, type DocumentLinkFailure } from '../utils/document-link-error';
import { parseDocumentLink } from '../../../lib/documents/document-link-ref';
import { buildShareLink } from '../../../lib/documents/share-link';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { useDocumentByServiceRef } from '../api/get-document-by-service-ref';
import { CheckingAccessDialog } from './checking-access-dialog';

const invalidLink: DocumentLinkFailure = { kind: 'denied', message: 'documentLink.invalidParameters' };

/**
 * /DocumentLink/{documentData} (spec §2, §8): checks access behind a blocking dialog, then opens
 * the viewer; closing the viewer or the access-denied panel goes to /resources.
 */
export function DocumentLinkPage({ documentData }: { documentData: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(`${t('documentLink.title')} · ${t('app.name')}`);
  const ref = parseDocumentLink(documentData);
  const query = useDocumentByServiceRef(ref);
  const failure = ref ? (query.error ? documentLinkFailure(query.error) : null) : invalidLink;
  const toResources = () => navigate('/resources');
  // The address follows the revision or language opened from the viewer, so a reload shows it again.
  const [followed, setFollowed] = useState<ViewerDocument | null>(null);
  const follow = (shown: ViewerDocument) => {
    setFollowed(shown);
    const link = new URL(buildShareLink(window.location.origin, shown.serviceRef, shown.versionId ? shown.resourceVersion : undefined));
    void navigate(link.pathname, { replace: true });
  };

  const toast = failure?.kind === 'toast';
  useEffect(() => {
    if (!toast) return;
    console.error('Document link failed', query.error);
    notifications.show({ color: 'red', position: 'bottom-right', autoClose: 5000, title: t('errors.title'), message: t('errors.unknown') });
  }, [toast, query.error, t]);

  return (
    // The dialogs sit outside the Container: rendered in place, a full-screen modal (fixed, no `left`) starts at its edge.
    <Box component="main" data-document-data={documentData}>
      <Container size="md" py="xl">
        <Stack gap="lg" align="flex-start">
          <Title order={1} fz={26}>
            {t('documentLink.title')}
          </Title>
          {toast && <Button onClick={toResources}>{t('documentLink.toResources')}</Button>}
        </Stack>
      </Container>
      {failure?.kind === 'denied' && (
        <AccessDeniedDialog message={failure.message} contactSectionVisible={false} persistent={false} onClosed={toResources} />
      )}
      {!failure && query.isPending && <CheckingAccessDialog />}
      {query.data && ref && (
        // A link without version means "always the newest": the viewer then asks for the current one.
        // While the followed address is checked, the viewer keeps showing what the reader opened.
        <DocumentViewerDialog
          document={
            query.isPlaceholderData && followed ? followed : { ...query.data, versionId: ref.resourceVersion ? query.data.versionId : undefined }
          }
          opened
          onClose={toResources}
          onShownChange={follow}
        />
      )}
    </Box>
  );
}
