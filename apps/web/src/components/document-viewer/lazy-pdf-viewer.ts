import { lazy } from 'react';

// pdf.js (about 130 KB gzipped, plus its worker) loads only when a viewer opens a PDF.
export const loadPdfViewer = () => import('./pdf/pdf-viewer');

export const LazyPdfViewer = lazy(loadPdfViewer);
