import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOnce } from '../../lib/load-once';
import type { DocumentViewerDialogProps } from './document-viewer-dialog';
import { useViewerHistoryEntry } from './viewer-history-entry';

/** The viewer dialog of pages where it opens on a click: a chunk of its own, out of the page's first load. */
export const loadDocumentViewerDialog = loadOnce(() => import('./document-viewer-dialog'));

const DocumentViewerDialog = lazy(() => loadDocumentViewerDialog().then((module) => ({ default: module.DocumentViewerDialog })));

/** Opened from a list, the viewer is a step in the history: Back closes it (mount it only while open). */
export function LazyDocumentViewerDialog(props: DocumentViewerDialogProps) {
  const { t } = useTranslation();
  const close = useViewerHistoryEntry(props.onClose);
  const loading = (
    <div style={{ position: 'fixed', inset: 0, zIndex: 200, display: 'grid', placeItems: 'center', background: 'var(--mantine-color-body)' }}>
      <Loader role="status" aria-label={t('app.loading')} />
    </div>
  );
  return (
    <Suspense fallback={loading}>
      <DocumentViewerDialog {...props} onClose={close} />
    </Suspense>
  );
}
