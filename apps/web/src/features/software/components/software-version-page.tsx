import { LoadingOverlay } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentViewerDialog } from '../../../components/document-viewer/document-viewer-dialog';
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

  const failed = query.isError;
  useEffect(() => {
    if (!failed) return;
    const status = query.error instanceof ApiError ? query.error.status : null;
    notifications.show({
      color: 'red',
      position: 'bottom-right',
      autoClose: 5000,
      title: t('software.releaseNotes'),
      message: t(status === 403 ? 'software.releaseNotesForbidden' : status === 404 ? 'software.releaseNotesNotFound' : 'software.releaseNotesError', { filename }),
    });
    void navigate(softwareItemPath(softwareEquipmentName), { replace: true });
  }, [failed, query.error, filename, softwareEquipmentName, navigate, t]);

  return (
    <>
      <SoftwareItemPage softwareEquipmentName={softwareEquipmentName} />
      <LoadingOverlay visible={query.isPending} pos="fixed" zIndex={300} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': t('app.loading') }} />
      {query.data && <DocumentViewerDialog document={query.data} opened onClose={() => void backToItem()} />}
    </>
  );
}
