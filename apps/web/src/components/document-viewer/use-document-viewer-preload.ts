import { useEffect } from 'react';
import { loadDocumentViewerDialog } from './lazy-document-viewer-dialog';
import { loadPdfViewer } from './lazy-pdf-viewer';

const firstInteractions = ['pointermove', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * For pages whose documents open in the viewer: loads the viewer dialog and pdf.js (and starts its
 * worker) once the user first interacts with the page, when the browser is idle, so that a click
 * on "open" only waits for the file (bench/pdf-first-paint.ts: about half the cold time). Nothing
 * loads on a page nobody touches (page-load audits stay unaffected).
 */
export function useDocumentViewerPreload(target: Window = window): void {
  useEffect(() => {
    let idle: number | undefined;
    const preload = () => {
      stop();
      const run = () => void Promise.all([loadDocumentViewerDialog(), loadPdfViewer()]).catch(() => undefined);
      idle = target.requestIdleCallback ? target.requestIdleCallback(run, { timeout: 1000 }) : target.setTimeout(run, 200);
    };
    const stop = () => firstInteractions.forEach((type) => target.removeEventListener(type, preload));
    firstInteractions.forEach((type) => target.addEventListener(type, preload, { passive: true }));
    return () => {
      stop();
      if (idle !== undefined) (target.cancelIdleCallback ?? target.clearTimeout)(idle);
    };
  }, [target]);
}
