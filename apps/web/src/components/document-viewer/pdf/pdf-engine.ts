// pdf_viewer.mjs reads `globalThis.pdfjsLib`, which pdfjs-dist sets: keep this import first.
import * as pdfjsLib from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { EventBus, FindState, PDFFindController, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
// Raw, not through the CSS pipeline: the PostCSS preset needs minutes on this 265 KB stylesheet.
import pdfViewerCss from 'pdfjs-dist/web/pdf_viewer.css?raw';
import type { PdfL10n } from './pdf-l10n';

pdfjsLib.GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * One worker for every document the page opens. Started as soon as this module loads, so that
 * its 1.2 MB script is parsed while React renders the viewer and the preview URL is fetched.
 */
const sharedWorker = new pdfjsLib.PDFWorker();

function ensureViewerStyles(): void {
  if (document.getElementById('pdfjs-viewer-styles')) return;
  const style = document.createElement('style');
  style.id = 'pdfjs-viewer-styles';
  style.textContent = pdfViewerCss;
  document.head.prepend(style);
}

/** User Timing mark set when the first page has been drawn (bench/pdf-first-paint.ts reads it). */
export const firstPagePaintedMark = 'pdf:first-page-painted';

/** Bytes per range request: small enough that page 1 of a large file arrives quickly. */
export const rangeChunkSize = 256 * 1024;

export type PdfDocument = pdfjsLib.PDFDocumentProxy;

export interface PdfViewState {
  pagesCount: number;
  page: number;
  /** 1 = 100 %. */
  scale: number;
}

export interface FindResult {
  pending: boolean;
  notFound: boolean;
  current: number;
  total: number;
}

export interface PdfEngineCallbacks {
  onDocument(document: PdfDocument): void;
  onState(state: Partial<PdfViewState>): void;
  onFind(result: FindResult): void;
  /** The first page is painted, or loading failed: the viewer stops showing its spinner. */
  onSettled(error?: unknown): void;
}

/**
 * pdf.js's viewer components (EventBus, PDFLinkService, PDFFindController, PDFViewer) on
 * `container` (absolutely positioned, its first child the `.pdfViewer` element). A URL is loaded
 * with range requests so that page 1 paints before the whole file has arrived; a blob (an Office
 * rendition) is read whole.
 */
export function openPdf(container: HTMLDivElement, source: string | Blob, l10n: PdfL10n, callbacks: PdfEngineCallbacks) {
  ensureViewerStyles();
  const eventBus = new EventBus();
  const linkService = new PDFLinkService({ eventBus });
  const findController = new PDFFindController({ eventBus, linkService });
  // Our L10n adapter implements the methods pdf.js calls; its class type has private fields we cannot match.
  const viewer = new PDFViewer({ container, eventBus, linkService, findController, l10n: l10n as never, annotationMode: pdfjsLib.AnnotationMode.ENABLE });
  linkService.setViewer(viewer);
  let settled = false;
  const settle = (error?: unknown) => {
    if (settled) return;
    settled = true;
    callbacks.onSettled(error);
  };

  eventBus.on('pagesinit', () => {
    // 'auto': the page width, but no larger than 125 % on wide screens.
    viewer.currentScaleValue = 'auto';
    void l10n.translate(container);
  });
  eventBus.on('pagerendered', () => {
    if (!settled) performance.mark(firstPagePaintedMark);
    settle();
  });
  eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => callbacks.onState({ page: pageNumber }));
  eventBus.on('scalechanging', ({ scale }: { scale: number }) => callbacks.onState({ scale }));
  const onFind = ({ state, matchesCount }: { state?: number; matchesCount: { current: number; total: number } }) =>
    callbacks.onFind({
      pending: state === FindState.PENDING,
      notFound: state === FindState.NOT_FOUND,
      current: matchesCount.current,
      total: matchesCount.total,
    });
  eventBus.on('updatefindcontrolstate', onFind);
  eventBus.on('updatefindmatchescount', onFind);

  let task: pdfjsLib.PDFDocumentLoadingTask | null = null;
  let destroyed = false;
  const loaded = (typeof source === 'string' ? Promise.resolve({ url: source }) : source.arrayBuffer().then((bytes) => ({ data: new Uint8Array(bytes) })))
    .then((input) => {
      if (destroyed) throw new DOMException('Viewer closed', 'AbortError');
      task = pdfjsLib.getDocument({
        ...input,
        worker: sharedWorker,
        rangeChunkSize,
        disableAutoFetch: true,
        disableStream: true,
        isEvalSupported: false,
        enableXfa: false,
      });
      return task.promise;
    });
  loaded.then(
    (document) => {
      viewer.setDocument(document);
      linkService.setDocument(document, null);
      callbacks.onDocument(document);
      callbacks.onState({ pagesCount: document.numPages, page: 1 });
    },
    (error: unknown) => settle(error),
  );

  return {
    goToPage(page: number): void {
      viewer.currentPageNumber = page;
    },
    zoomIn: () => viewer.increaseScale(),
    zoomOut: () => viewer.decreaseScale(),
    fit: (mode: 'page-fit' | 'page-width') => {
      viewer.currentScaleValue = mode;
    },
    find(query: string, { again = false, previous = false } = {}): void {
      eventBus.dispatch('find', {
        source: null,
        type: again ? 'again' : '',
        query,
        caseSensitive: false,
        entireWord: false,
        highlightAll: true,
        findPrevious: previous,
        matchDiacritics: false,
      });
    },
    closeFind(): void {
      eventBus.dispatch('findbarclose', { source: null });
    },
    retranslate: () => void l10n.translate(container),
    destroy(): void {
      destroyed = true;
      settle();
      void task?.destroy();
      viewer.setDocument(null as never);
      linkService.setDocument(null, null);
    },
  };
}

export type PdfEngine = ReturnType<typeof openPdf>;
