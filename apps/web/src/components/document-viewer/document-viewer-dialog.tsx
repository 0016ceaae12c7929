import { Group, Modal } from '@mantine/core';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecentlyOpenedStore } from '../../lib/documents/recently-opened-store';
import { viewerTitle, type ViewerDocument } from '../../lib/documents/viewer-document';
import { CopyShareLinkButton } from '../document-actions/copy-share-link-button';
import { DownloadDocumentButton } from '../document-actions/download-document-button';
import { FavoriteToggle } from '../favorite-toggle/favorite-toggle';
import { DocumentPreview } from './document-preview';
import classes from './document-viewer-dialog.module.css';
import { usePrintBlocker } from './use-print-blocker';

export interface DocumentViewerDialogProps {
  document: ViewerDocument;
  opened: boolean;
  onClose: () => void;
}

/**
 * Spec §2 document viewer: full-screen and persistent (only its close button closes it), titled
 * with the document title or file name; share, favourite and (when allowed) download in the header.
 */
export function DocumentViewerDialog({ document, opened, onClose }: DocumentViewerDialogProps) {
  const { t } = useTranslation();
  const printBlocked = opened && !document.downloadableDocument;
  usePrintBlocker(printBlocked);

  const recordOpened = useEffectEvent(() => useRecentlyOpenedStore.getState().record(document));
  useEffect(() => {
    if (opened) recordOpened();
  }, [opened, document.id]);

  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      fullScreen
      closeOnEscape={false}
      closeOnClickOutside={false}
      className={printBlocked ? classes.noPrint : undefined}
      classNames={{ content: classes.content, header: classes.header, title: classes.title, body: classes.body }}
    >
      <Modal.Overlay />
      <Modal.Content data-testid="document-viewer" data-document-id={document.id}>
        <Modal.Header>
          {/* Focus starts on the title: screen readers announce it, and no button opens with a focus ring. */}
          <Modal.Title tabIndex={-1} data-autofocus>
            {viewerTitle(document)}
          </Modal.Title>
          <Group gap={4} wrap="nowrap">
            <CopyShareLinkButton serviceRef={document.serviceRef} resourceVersion={document.resourceVersion} />
            <FavoriteToggle itemKind="document" itemId={document.id} title={viewerTitle(document)} />
            <DownloadDocumentButton document={document} />
            <Modal.CloseButton aria-label={t('viewer.close')} size="lg" />
          </Group>
        </Modal.Header>
        <Modal.Body>{opened && <DocumentPreview key={document.id} document={document} />}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
