import { LoadingOverlay } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentViewerDialog } from '../../../components/document-viewer/document-viewer-dialog';
import { NotFoundContent } from '../../../components/layouts/not-found-content';
import { ApiError } from '../../../lib/api-client/api-error';
import { releaseNotesQueryOptions } from '../api/get-release-notes';
import { softwareItemPath } from './software-card';
import { SoftwareItemPage } from './software-item-page';

interface SoftwareVersionPageProps {
  softwareEquipmentName: string;
  filename: string;
}

/**
 * Documentation (release notes) of one software version: the item page with the document viewer
 * open over it. Closing the viewer, or release notes that cannot be shown, lead back to the item.
 */
export function SoftwareVersionPage({ softwareEquipmentName, filename }: SoftwareVersionPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(releaseNotesQueryOptions(softwareEquipmentName, filename));
  const backToItem = () => navigate(softwareItemPath(softwareEquipmentName));

  const status = query.error instanceof ApiError ? query.error.status : null;
  // No such release notes: an unknown address, which the not-found page answers (no toast, no redirect).
  const missing = status === 404;
  const failed = query.isError && !missing;
  useEffect(() => {
    if (!failed) return;
    notifications.show({
      color: 'red',
      position: 'bottom-right',
      autoClose: 5000,
      title: t('software.releaseNotes'),
      message: t(status === 403 ? 'software.releaseNotesForbidden' : 'software.releaseNotesError', { filename }),
    });
    void navigate(softwareItemPath(softwareEquipmentName), { replace: true });
  }, [failed, status, filename, softwareEquipmentName, navigate, t]);

  if (missing) return <NotFoundContent />;
  return (
    <>
      <SoftwareItemPage softwareEquipmentName={softwareEquipmentName} />
      <LoadingOverlay visible={query.isPending} pos="fixed" zIndex={300} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': t('app.loading') }} />
      {query.data && <DocumentViewerDialog document={query.data} opened onClose={() => void backToItem()} />}
    </>
  );
}
