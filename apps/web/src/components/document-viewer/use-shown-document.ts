import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentRevision } from '@portal/contracts/documents';
import type { ViewerDocument } from '../../lib/documents/viewer-document';
import { getDocumentByServiceRef } from './document-story-api';
import { atRevision } from './document-story';

const identity = (document: ViewerDocument) => [document.id, document.versionId ?? '', document.resourceVersion].join('\n');

/**
 * The document the viewer shows: the one it was opened with, until the reader opens another
 * revision or language from the details. A new document from the caller starts over.
 */
export function useShownDocument(document: ViewerDocument, onShownChange?: (shown: ViewerDocument) => void) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<{ from: string; document: ViewerDocument } | null>(null);
  const shown = picked?.from === identity(document) ? picked.document : document;

  const show = (next: ViewerDocument) => {
    setPicked({ from: identity(document), document: next });
    onShownChange?.(next);
  };
  const openRevision = (revision: DocumentRevision) => show(atRevision(shown, revision));
  const openVariant = async (serviceRef: string) => {
    try {
      const { id, title, fileName, downloadableDocument, resourceVersion } = await getDocumentByServiceRef({ serviceRef, resourceVersion: undefined });
      show({ id, title, fileName, downloadableDocument, serviceRef, resourceVersion });
    } catch {
      notifications.show({ color: 'red', position: 'bottom-right', autoClose: 5000, title: t('errors.title'), message: t('viewer.story.switchFailed') });
    }
  };
  return { shown, openRevision, openVariant };
}
