import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';

async function noiseJpegOfSide(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = seed >> 16;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

/** A JPEG of random noise (it barely compresses) of about `bytes`. */
async function noiseJpeg(bytes: number): Promise<Buffer> {
  const first = await noiseJpegOfSide(Math.round(Math.sqrt(bytes)));
  // JPEG size grows with the pixel count: one correction lands within a few per cent.
  return noiseJpegOfSide(Math.round(Math.sqrt(bytes) * Math.sqrt(bytes / first.length)));
}

/**
 * A `pages`-page PDF of about `megabytes` MB: every page has text and its own embedded copy of a
 * noise photo, so the size is spread over the whole file like a scanned manual. Cached in the
 * temporary folder between runs.
 */
export async function bigPdf(pages: number, megabytes: number): Promise<Buffer> {
  const path = join(tmpdir(), `portal-bench-${pages}p-${megabytes}mb.pdf`);
  if (existsSync(path)) return readFile(path);
  const photo = await noiseJpeg((megabytes * 1024 * 1024) / pages);
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([595, 842]);
    const image = await pdf.embedJpg(photo);
    page.drawText(`Benchmark manual - page ${n} of ${pages}`, { x: 50, y: 790, size: 18, font, color: rgb(0.1, 0.1, 0.1) });
    page.drawText('Installation, operation and maintenance of the six-axis robot.', { x: 50, y: 765, size: 11, font });
    page.drawImage(image, { x: 50, y: 250, width: 495, height: 495 });
  }
  const bytes = Buffer.from(await pdf.save({ useObjectStreams: true }));
  await writeFile(path, bytes);
  return bytes;
}
