import { lazy } from 'react';
import { loadOnce } from '../../lib/load-once';

/**
 * pdf.js (about 200 KB gzipped, plus its worker) loads only when a viewer opens a PDF or an Office
 * file. Pages may start loading it earlier (useDocumentViewerPreload) so that a click finds it loaded.
 */
export const loadPdfViewer = loadOnce(() => import('./pdf/pdf-viewer'));

export const LazyPdfViewer = lazy(loadPdfViewer);
