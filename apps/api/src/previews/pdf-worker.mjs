// pdf.js work (text extraction, first-page rendering) in a child process of the API: parsing a
// large or hostile PDF never blocks the API's event loop, cannot crash the API, and pdf.js with
// its canvas (about 150 MB while working) is not held by the API process. Plain JavaScript.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

async function withPdf(bytes, work) {
  const pdf = await getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts/'),
    wasmUrl: join(pdfjsRoot, 'wasm/'),
    verbosity: 0,
  }).promise;
  try {
    return await work(pdf);
  } finally {
    await pdf.destroy();
  }
}

async function extractText(bytes) {
  return withPdf(bytes, async (pdf) => {
    const pages = [];
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

async function renderFirstPage(bytes, width) {
  return withPdf(bytes, async (pdf) => {
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
    // The canvas factory pdf.js chose in Node makes @napi-rs/canvas canvases of its own build.
    const { canvas, context } = pdf.canvasFactory.create(Math.round(viewport.width), Math.round(viewport.height));
    await page.render({ canvas: null, canvasContext: context, viewport }).promise;
    const png = await canvas.encode('png');
    return new Uint8Array(png.buffer, png.byteOffset, png.length);
  });
}

process.on('message', async ({ id, operation, bytes, width }) => {
  try {
    const result = operation === 'text' ? await extractText(bytes) : await renderFirstPage(bytes, width);
    process.send({ id, result });
  } catch (error) {
    process.send({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
// The API going away closes the channel: leave with it.
process.on('disconnect', () => process.exit(0));
