import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { labelLayout, labelMm, type LabelFacts } from './label-layout.ts';

/* A printable A4 PDF of labels (100 x 50 mm, two columns of five), drawn as vectors: sharp at any printer resolution. */

const mm = 72 / 25.4;
const page = { width: 210 * mm, height: 297 * mm };
const label = { width: labelMm.width * mm, height: labelMm.height * mm };
const columns = 2;
const rows = 5;
const left = (page.width - columns * label.width) / 2;
const top = (page.height - rows * label.height) / 2;
const black = rgb(0, 0, 0);

/** Courier's encoding (WinAnsi) has no glyph for other characters: they print as `?`. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** Draws one label whose top left corner is at (x, top) in PDF points (y up). */
function drawLabel(target: PDFPage, x: number, labelTop: number, facts: LabelFacts, fonts: { regular: PDFFont; bold: PDFFont }): void {
  const at = (xMm: number, yMm: number) => ({ x: x + xMm * mm, y: labelTop - yMm * mm });
  target.drawRectangle({ ...at(0, labelMm.height), width: label.width, height: label.height, borderColor: rgb(0.8, 0.8, 0.8), borderWidth: 0.5 });
  const { frame, qr, texts } = labelLayout(facts);
  const half = frame.stroke / 2;
  target.drawRectangle({ ...at(frame.x + half, frame.y + frame.side - half), width: (frame.side - frame.stroke) * mm, height: (frame.side - frame.stroke) * mm, borderColor: black, borderWidth: frame.stroke * mm });
  const corner = at(frame.x + frame.side, frame.y + frame.side);
  const legs = frame.triangle * mm;
  target.drawSvgPath(`M 0 0 L ${legs} 0 L ${legs} ${-legs} Z`, { x: corner.x - legs, y: corner.y, color: black, borderWidth: 0 });
  for (const run of qr.runs) {
    const origin = at(qr.originX + run.column * qr.module, qr.originY + (run.row + 1) * qr.module);
    target.drawRectangle({ ...origin, width: run.length * qr.module * mm, height: qr.module * mm, color: black });
  }
  for (const block of texts) {
    for (const line of block.lines) target.drawText(printable(line.text), { ...at(block.x, line.baseline), size: block.size * mm, font: block.bold ? fonts.bold : fonts.regular, color: black });
  }
}

/** One PDF with a label per unit, in the given order. */
export async function labelsPdf(labels: readonly LabelFacts[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Unit labels');
  // Monospaced like the SVG's face: label-layout.ts sizes the text by a fixed advance per character.
  const fonts = { regular: await pdf.embedFont(StandardFonts.Courier), bold: await pdf.embedFont(StandardFonts.CourierBold) };
  let current: PDFPage | undefined;
  labels.forEach((facts, index) => {
    const slot = index % (columns * rows);
    if (slot === 0) current = pdf.addPage([page.width, page.height]);
    const x = left + (slot % columns) * label.width;
    const labelTop = page.height - top - Math.floor(slot / columns) * label.height;
    drawLabel(current!, x, labelTop, facts, fonts);
  });
  return pdf.save();
}
