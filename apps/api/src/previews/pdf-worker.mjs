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

/** Longest title kept, in characters. */
const maxTitleLength = 300;

const oneLine = (text) => (typeof text === 'string' ? text.replace(/\s+/g, ' ').trim().slice(0, maxTitleLength) : '');

/**
 * The document's title: its metadata's Title (the information dictionary, else the XMP dc:title),
 * else the first heading of the first page (the first run of text in the largest type on it).
 */
async function extractTitle(bytes) {
  return withPdf(bytes, async (pdf) => {
    const { info, metadata } = await pdf.getMetadata().catch(() => ({ info: {}, metadata: null }));
    const fromInfo = oneLine(info?.Title);
    if (fromInfo) return { title: fromInfo, source: 'metadata' };
    const fromXmp = oneLine(metadata?.get?.('dc:title'));
    if (fromXmp) return { title: fromXmp, source: 'metadata' };
    if (pdf.numPages < 1) return { title: '', source: 'none' };
    const page = await pdf.getPage(1);
    const content = await page.getTextContent();
    page.cleanup();
    const runs = content.items.filter((item) => 'str' in item && item.str.trim() !== '').map((item) => ({ text: item.str, size: Math.round(Math.hypot(item.transform[2], item.transform[3]) * 10) / 10, eol: item.hasEOL }));
    if (runs.length === 0) return { title: '', source: 'none' };
    const largest = Math.max(...runs.map((run) => run.size));
    const start = runs.findIndex((run) => run.size === largest);
    const heading = [];
    for (let index = start; index < runs.length && runs[index].size === largest; index += 1) heading.push(runs[index].text);
    const title = oneLine(heading.join(' '));
    return { title, source: title ? 'heading' : 'none' };
  });
}

/**
 * A thumbnail is at most this many times as tall as it is wide: of a taller page only the top is
 * drawn (a 10 × 100,000 pt page would otherwise be a canvas 3 million pixels tall).
 */
const maxHeightPerWidth = 4;

async function renderFirstPage(bytes, width) {
  return withPdf(bytes, async (pdf) => {
    const page = await pdf.getPage(1);
    const scale = width / page.getViewport({ scale: 1 }).width;
    if (!Number.isFinite(scale) || scale <= 0) throw new Error('the first page has no width');
    const viewport = page.getViewport({ scale });
    const height = Math.max(1, Math.min(Math.round(viewport.height), width * maxHeightPerWidth));
    // The canvas factory pdf.js chose in Node makes @napi-rs/canvas canvases of its own build.
    const { canvas, context } = pdf.canvasFactory.create(width, height);
    await page.render({ canvas: null, canvasContext: context, viewport }).promise;
    const png = await canvas.encode('png');
    return new Uint8Array(png.buffer, png.byteOffset, png.length);
  });
}

// The API sends one file at a time and waits for its answer (or kills this process).
process.on('message', async ({ operation, bytes, width }) => {
  try {
    const result = operation === 'text' ? await extractText(bytes) : operation === 'title' ? await extractTitle(bytes) : await renderFirstPage(bytes, width);
    process.send({ result });
  } catch (error) {
    process.send({ error: error instanceof Error ? error.message : String(error) });
  }
});
process.send({ ready: true });
// The API going away closes the channel: leave with it.
process.on('disconnect', () => process.exit(0));
