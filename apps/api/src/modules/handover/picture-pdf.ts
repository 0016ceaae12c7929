import { readFile, stat, writeFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';

/*
 * A picture's PDF rendition for the VDI 2770 export (a product photo): the JPEG or PNG on one page of its own size
 * (at 72 dpi, scaled down to fit A3), which ghostscript then turns into PDF/A like any other PDF.
 */

const pictureTypes = new Set(['image/jpeg', 'image/png']);
/** Larger pictures are not documentation the export should hold in memory. */
const maxPictureBytes = 40 * 1024 * 1024;
const a3 = { width: 841.89, height: 1190.55 };

export const hasPictureRendition = (mediaType: string): boolean => pictureTypes.has(mediaType);

/** Writes the PDF rendition of the picture at `path` (a stored file placed in a private folder) to `target`. */
export async function writePicturePdf(path: string, mediaType: string, target: string): Promise<void> {
  if ((await stat(path)).size > maxPictureBytes) throw new Error(`the picture is larger than ${maxPictureBytes / 1024 / 1024} MB`);
  const pdf = await PDFDocument.create();
  const bytes = await readFile(path);
  const image = mediaType === 'image/png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  const scale = Math.min(1, a3.width / image.width, a3.height / image.height);
  const { width, height } = image.scale(scale);
  pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  await writeFile(target, await pdf.save());
}
