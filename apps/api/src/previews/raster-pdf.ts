import { fileExtension } from '@portal/contracts/previews';
import { loadSharp } from './image-thumbnail.ts';

/** Scanned pictures browsers cannot show: previewed as a PDF of their pages, made with sharp. */
const rasterExtensions = new Set(['tif', 'tiff']);

export const isRasterScan = (fileName: string) => rasterExtensions.has(fileExtension(fileName));

/** Pages of a multi-page scan put into the preview; a larger file is previewed by its first ones. */
const maxPages = 50;
/** Longest side of a page's picture in the preview, in pixels (an A0 drawing at 400 dpi is 19,000 px). */
const maxSide = 2400;
/** Points per pixel of the preview pages (pictures treated as 150 dpi). */
const pointsPerPixel = 72 / 150;

/**
 * A PDF of a TIFF's pages (at most `maxPages`), each drawn on a white page at most `maxSide` pixels
 * on its longest side. Throws when sharp cannot read the file.
 */
export async function rasterScanToPdf(bytes: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp();
  const { PDFDocument } = await import('pdf-lib');
  const limits = { limitInputPixels: 400_000_000 };
  const { pages = 1 } = await sharp(bytes, limits).metadata();
  const pdf = await PDFDocument.create();
  for (let page = 0; page < Math.min(pages, maxPages); page += 1) {
    const png = await sharp(bytes, { ...limits, page })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer({ resolveWithObject: true });
    const image = await pdf.embedPng(png.data);
    const width = png.info.width * pointsPerPixel;
    const height = png.info.height * pointsPerPixel;
    pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  return Buffer.from(await pdf.save());
}
