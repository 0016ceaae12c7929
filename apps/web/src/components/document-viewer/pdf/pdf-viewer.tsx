import { Box, Divider } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openPdf, type FindResult, type PdfDocument, type PdfEngine, type PdfViewState } from './pdf-engine';
import { PdfFindBar } from './pdf-find-bar';
import { createPdfL10n } from './pdf-l10n';
import { PdfThumbnails } from './pdf-thumbnails';
import { PdfToolbar } from './pdf-toolbar';
import classes from './pdf-viewer.module.css';

export interface PdfViewerProps {
  /** The PDF: a signed URL (loaded with range requests) or the bytes of a rendition. */
  source: string | Blob;
  /** Print is offered only when the document may be downloaded (spec §2). */
  printable: boolean;
  onPrint: () => void;
  /** The first page is painted, or the file could not be loaded (errors are ignored: spec §4). */
  onSettled: () => void;
}

const initialState: PdfViewState = { pagesCount: 0, page: 1, scale: 1 };

/** The PDF viewer on pdf.js: toolbar, page thumbnails, find in document. Loaded only with the viewer dialog. */
export default function PdfViewer({ source, printable, onPrint, onSettled }: PdfViewerProps) {
  const { t, i18n } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<PdfEngine | null>(null);
  const [pdfDocument, setPdfDocument] = useState<PdfDocument | null>(null);
  const [state, setState] = useState(initialState);
  const [findResult, setFindResult] = useState<FindResult | null>(null);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [findOpen, setFindOpen] = useState(false);
  const settled = useEffectEvent(() => onSettled());

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const engine = openPdf(container, source, createPdfL10n(i18n), {
      onDocument: setPdfDocument,
      onState: (next) => setState((previous) => ({ ...previous, ...next })),
      onFind: setFindResult,
      onSettled: () => settled(),
    });
    engineRef.current = engine;
    return () => {
      engineRef.current = null;
      engine.destroy();
      setPdfDocument(null);
      setState(initialState);
    };
  }, [source, i18n]);

  // The viewer's own labels follow the interface language.
  useEffect(() => {
    const retranslate = () => engineRef.current?.retranslate();
    i18n.on('languageChanged', retranslate);
    return () => i18n.off('languageChanged', retranslate);
  }, [i18n]);

  // Ctrl/Cmd+F opens our find bar: the browser's own search misses pages not rendered yet.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        setFindOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);

  const closeFind = () => {
    setFindOpen(false);
    setFindResult(null);
    engineRef.current?.closeFind();
  };

  return (
    <div className={classes.root} data-testid="pdf-viewer" data-page={state.page} data-pages={state.pagesCount}>
      <PdfToolbar
        state={state}
        printable={printable}
        sidebarOpen={sidebarOpen}
        findOpen={findOpen}
        onGoToPage={(page) => engineRef.current?.goToPage(page)}
        onZoomIn={() => engineRef.current?.zoomIn()}
        onZoomOut={() => engineRef.current?.zoomOut()}
        onFit={(mode) => engineRef.current?.fit(mode)}
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
        onToggleFind={() => (findOpen ? closeFind() : setFindOpen(true))}
        onPrint={onPrint}
      />
      {findOpen && (
        <Box px="sm" pb={4}>
          <PdfFindBar result={findResult} onFind={(query, options) => engineRef.current?.find(query, options)} onClose={closeFind} />
        </Box>
      )}
      <Divider />
      <div className={classes.body}>
        {sidebarOpen && pdfDocument && (
          <PdfThumbnails document={pdfDocument} currentPage={state.page} onSelect={(page) => engineRef.current?.goToPage(page)} />
        )}
        <div className={classes.main}>
          <div ref={containerRef} className={classes.container} tabIndex={0} role="region" aria-label={t('viewer.pdf.pages')} data-testid="pdf-pages">
            <div className="pdfViewer" />
          </div>
        </div>
      </div>
    </div>
  );
}
