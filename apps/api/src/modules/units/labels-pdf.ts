import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LabelFacts } from './unit-label.ts';
import { qrRuns } from './qr-modules.ts';

/* A printable A4 PDF of labels (100 x 50 mm, two columns of five), drawn as vectors: sharp at any printer resolution. */

const mm = 72 / 25.4;
const page = { width: 210 * mm, height: 297 * mm };
const label = { width: 100 * mm, height: 50 * mm };
const columns = 2;
const rows = 5;
const left = (page.width - columns * label.width) / 2;
const top = (page.height - rows * label.height) / 2;

/** Helvetica's encoding (WinAnsi) has no glyph for other characters: they print as `?`. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

function fitted(text: string, font: PDFFont, size: number, width: number): number {
  const measured = font.widthOfTextAtSize(text, size);
  return measured > width ? Math.max(4, (size * width) / measured) : size;
}

function drawLabel(target: PDFPage, x: number, y: number, facts: LabelFacts, fonts: { regular: PDFFont; bold: PDFFont }): void {
  target.drawRectangle({ x, y, width: label.width, height: label.height, borderColor: rgb(0.8, 0.8, 0.8), borderWidth: 0.5 });
  const { size, runs } = qrRuns(facts.link);
  const side = 44 * mm;
  const module = side / (size + 8);
  const originX = x + 3 * mm + 4 * module;
  const originTop = y + label.height - 3 * mm - 4 * module;
  for (const run of runs) {
    target.drawRectangle({ x: originX + run.column * module, y: originTop - (run.row + 1) * module, width: run.length * module, height: module, color: rgb(0, 0, 0) });
  }
  const textX = x + 50 * mm;
  const width = label.width - 52 * mm;
  const text = (value: string, dy: number, font: PDFFont, preferred: number) => {
    const line = printable(value);
    target.drawText(line, { x: textX, y: y + label.height - dy * mm, size: fitted(line, font, preferred, width), font });
  };
  text(facts.modelName, 10, fonts.bold, 11);
  text('S/N', 19, fonts.regular, 9);
  text(facts.serialNumber, 25, fonts.bold, 13);
  text('Documentation:', 37, fonts.regular, 7);
  text(facts.link, 42, fonts.regular, 7);
}

/** One PDF with a label per unit, in the given order. */
export async function labelsPdf(labels: readonly LabelFacts[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Unit labels');
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  let current: PDFPage | undefined;
  labels.forEach((facts, index) => {
    const slot = index % (columns * rows);
    if (slot === 0) current = pdf.addPage([page.width, page.height]);
    const x = left + (slot % columns) * label.width;
    const y = page.height - top - (Math.floor(slot / columns) + 1) * label.height;
    drawLabel(current!, x, y, facts, fonts);
  });
  return pdf.save();
}
