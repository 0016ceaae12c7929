import { ActionIcon, Group, Modal, Stack } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecentlyOpenedStore } from '../../lib/documents/recently-opened-store';
import { viewerTitle, type ViewerDocument } from '../../lib/documents/viewer-document';
import { CopyShareLinkButton } from '../document-actions/copy-share-link-button';
import { DownloadDocumentButton } from '../document-actions/download-document-button';
import { FavoriteToggle } from '../favorite-toggle/favorite-toggle';
import { FollowToggle } from '../follow-toggle/follow-toggle';
import { HelpfulFeedback } from '../helpful-feedback/helpful-feedback';
import { DocumentDetailsPanel } from './document-details-panel';
import { DocumentFacts } from './document-facts';
import { DocumentPreview } from './document-preview';
import { newerRevision } from './document-story';
import { documentDataQueryOptions } from './document-story-api';
import classes from './document-viewer-dialog.module.css';
import { NewerRevisionBanner } from './newer-revision-banner';
import { TranslationBehindBanner } from './translation-behind-banner';
import { usePrintBlocker } from './use-print-blocker';
import { useShownDocument } from './use-shown-document';
import { useFocusReturnOnClose } from './use-focus-return-on-close';

export interface DocumentViewerDialogProps {
  document: ViewerDocument;
  opened: boolean;
  onClose: () => void;
  /** Told when the reader opens another revision or language from the details (the link page follows it in its URL). */
  onShownChange?: (shown: ViewerDocument) => void;
}

/**
 * Spec §2 document viewer: full-screen and persistent (only its close button closes it; it comes
 * first in keyboard order and the focus goes back to what opened the viewer), titled
 * with the document title or file name; share, favourite and (when allowed) download in the header.
 * Under the title: number, revision, date, language and type; the details list the revisions and
 * languages, and a banner says when a newer revision than the one shown exists.
 */
export function DocumentViewerDialog({ document, opened, onClose, onShownChange }: DocumentViewerDialogProps) {
  const { t } = useTranslation();
  const { shown, openRevision, openVariant } = useShownDocument(document, onShownChange);
  const story = useQuery({ ...documentDataQueryOptions(shown.id), enabled: opened });
  const [detailsOpened, setDetailsOpened] = useState(false);
  const detailsId = useId();
  const printBlocked = opened && !shown.downloadableDocument;
  usePrintBlocker(printBlocked);
  useFocusReturnOnClose(opened);

  const recordOpened = useEffectEvent(() => useRecentlyOpenedStore.getState().record(shown));
  useEffect(() => {
    if (opened) recordOpened();
  }, [opened, shown.id]);

  const data = story.data?.id === shown.id ? story.data : undefined;
  const newest = data ? newerRevision(data, shown) : null;

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
      <Modal.Content data-testid="document-viewer" data-document-id={shown.id} data-resource-version={shown.resourceVersion}>
        <Modal.Header>
          {/* First in the header and focused on opening: the way out comes first in keyboard order.
              Screen readers announce the dialog by its title (the dialog is labelled by it). */}
          <Modal.CloseButton aria-label={t('viewer.close')} size="lg" className={classes.close} data-autofocus />
          <Stack gap={2} miw={0} className={classes.titleBlock}>
            <Modal.Title>
              {viewerTitle(shown)}
            </Modal.Title>
            {data && <DocumentFacts data={data} shown={shown} />}
          </Stack>
          <Group gap={4} wrap="nowrap" className={classes.toolbar}>
            {data && (
              <ActionIcon
                variant={detailsOpened ? 'light' : 'subtle'}
                color="gray"
                size="lg"
                aria-label={t('viewer.story.details')}
                title={t('viewer.story.details')}
                aria-expanded={detailsOpened}
                aria-controls={detailsOpened ? detailsId : undefined}
                data-testid="document-details-toggle"
                onClick={() => setDetailsOpened((value) => !value)}
              >
                <IconListDetails size={20} aria-hidden />
              </ActionIcon>
            )}
            <CopyShareLinkButton serviceRef={shown.serviceRef} resourceVersion={shown.resourceVersion} />
            <FollowToggle kind="document" itemId={shown.id} iconOnlyOnPhones />
            <FavoriteToggle itemKind="document" itemId={shown.id} title={viewerTitle(shown)} />
            <DownloadDocumentButton document={shown} />
          </Group>
        </Modal.Header>
        <Modal.Body>
          {newest && <NewerRevisionBanner newest={newest} onOpen={() => openRevision(newest)} />}
          {data && <TranslationBehindBanner data={data} onOpenSource={(serviceRef) => void openVariant(serviceRef)} />}
          <div className={classes.stage}>
            <div className={classes.preview}>
              {opened && <DocumentPreview key={`${shown.id}:${shown.versionId ?? 'current'}`} document={shown} />}
            </div>
            {data && detailsOpened && (
              <DocumentDetailsPanel
                id={detailsId}
                data={data}
                shown={shown}
                onOpenRevision={openRevision}
                onOpenVariant={(serviceRef) => void openVariant(serviceRef)}
                onClose={() => setDetailsOpened(false)}
              />
            )}
          </div>
          {/* Asked of what is shown: the version the reader is looking at when it is not the current one. */}
          <div className={classes.feedback}>
            <HelpfulFeedback subject={{ kind: 'document', documentId: shown.id, ...(shown.versionId ? { versionId: shown.versionId } : {}) }} compact />
          </div>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
