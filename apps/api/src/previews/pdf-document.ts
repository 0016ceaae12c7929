import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** Largest PDF read into memory for text and thumbnails (pdf.js parses from memory). */
export const maxPdfBytes = 150 * 1024 * 1024;

async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts/'),
    wasmUrl: join(pdfjsRoot, 'wasm/'),
    verbosity: 0,
  }).promise;
}

async function withPdf<T>(bytes: Uint8Array, work: (pdf: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const pdf = await openPdf(bytes);
  try {
    return await work(pdf);
  } finally {
    await pdf.destroy();
  }
}

/** The text of every page (pages separated by a blank line) and the page count. */
export async function extractPdfText(bytes: Uint8Array): Promise<{ text: string; pageCount: number }> {
  return withPdf(bytes, async (pdf) => {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
          .join('')
          .replace(/[ \t]+/g, ' ')
          .trim(),
      );
      page.cleanup();
    }
    return { text: pages.join('\n\n'), pageCount: pdf.numPages };
  });
}

interface PdfCanvas {
  encode(format: 'png'): Promise<Buffer>;
}
interface CanvasFactory {
  create(width: number, height: number): { canvas: PdfCanvas; context: unknown };
}

/** The first page as a PNG `width` pixels wide, drawn by pdf.js on its own @napi-rs/canvas. */
export async function renderPdfFirstPage(bytes: Uint8Array, width: number): Promise<Buffer> {
  return withPdf(bytes, async (pdf) => {
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
    // The factory pdf.js picked in Node makes canvases of the @napi-rs/canvas build it was made with.
    const factory = pdf.canvasFactory as CanvasFactory;
    const { canvas, context } = factory.create(Math.round(viewport.width), Math.round(viewport.height));
    const parameters = { canvas: null, canvasContext: context, viewport } as unknown as Parameters<PDFPageProxy['render']>[0];
    await page.render(parameters).promise;
    return canvas.encode('png');
  });
}
