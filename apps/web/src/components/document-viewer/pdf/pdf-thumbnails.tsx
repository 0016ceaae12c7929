import { ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfDocument } from './pdf-engine';
import classes from './pdf-viewer.module.css';

const thumbnailWidth = 120;

/** One page's thumbnail, rendered the first time it scrolls into view. */
function PageThumbnail({ document, page, current, onSelect }: { document: PdfDocument; page: number; current: boolean; onSelect: (page: number) => void }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let task: { cancel(): void } | undefined;
    const observer = new IntersectionObserver(async ([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      try {
        const pdfPage = await document.getPage(page);
        if (cancelled) return;
        const base = pdfPage.getViewport({ scale: 1 });
        const viewport = pdfPage.getViewport({ scale: (thumbnailWidth * window.devicePixelRatio) / base.width });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        const render = pdfPage.render({ canvas, viewport });
        task = render;
        await render.promise;
      } catch {
        // A cancelled or failed thumbnail stays blank; the page itself still shows.
      }
    });
    observer.observe(canvas);
    return () => {
      cancelled = true;
      observer.disconnect();
      task?.cancel();
    };
  }, [document, page]);

  return (
    <UnstyledButton
      className={classes.thumbnail}
      data-current={current || undefined}
      aria-current={current ? 'page' : undefined}
      aria-label={t('viewer.pdf.goToPage', { page })}
      onClick={() => onSelect(page)}
    >
      <canvas ref={canvasRef} className={classes.thumbnailCanvas} width={thumbnailWidth} height={Math.round(thumbnailWidth * 1.414)} />
      <Text size="xs" ta="center" aria-hidden>
        {page}
      </Text>
    </UnstyledButton>
  );
}

/** The page-thumbnails sidebar; pages render lazily as they scroll into view. */
export function PdfThumbnails({ document, currentPage, onSelect }: { document: PdfDocument; currentPage: number; onSelect: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Array.from({ length: document.numPages }, (_, index) => index + 1);
  return (
    <nav className={classes.sidebar} aria-label={t('viewer.pdf.thumbnails')} data-testid="pdf-thumbnails">
      <ScrollArea h="100%" type="auto">
        <Stack gap="sm" p="sm" align="center">
          {pages.map((page) => (
            <PageThumbnail key={page} document={document} page={page} current={page === currentPage} onSelect={onSelect} />
          ))}
        </Stack>
      </ScrollArea>
    </nav>
  );
}
