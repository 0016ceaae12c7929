import { lazy } from 'react';

// pdf.js (about 200 KB gzipped, plus its worker) loads only when a viewer opens a PDF or an Office file.
const load = () => import('./pdf/pdf-viewer');
let loading: ReturnType<typeof load> | null = null;

/**
 * Starts loading the PDF viewer (once). Pages may call it when an "open" control is hovered or
 * focused, so that a click finds pdf.js loaded; a failed load is tried again next time.
 */
export function loadPdfViewer(): ReturnType<typeof load> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export const LazyPdfViewer = lazy(loadPdfViewer);
