import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DocumentContent } from './document-content.ts';

const pageSize: [number, number] = [595.28, 841.89];
const margin = 56;
const bodySize = 10.5;
const lineHeight = 15;
const accent = rgb(0.75, 0.32, 0.2);

/** Breaks text into lines that fit `width` in the given font. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A multi-page A4 PDF with real text (title, numbered sections, tables, running footer) that
 * pdf.js can extract and search can find. `minPages` pads with continued sections when short.
 */
export async function generatePdf(content: DocumentContent, minPages = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(content.title);
  pdf.setCreator('Technical Resources Portal demo content');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const textWidth = pageSize[0] - 2 * margin;
  let page: PDFPage = pdf.addPage(pageSize);
  let y = pageSize[1] - margin;

  const newPage = () => {
    page = pdf.addPage(pageSize);
    y = pageSize[1] - margin;
  };
  const ensure = (height: number) => {
    if (y - height < margin + 30) newPage();
  };
  const write = (text: string, font: PDFFont, size: number, indent = 0) => {
    for (const line of wrap(text, font, size, textWidth - indent)) {
      ensure(size + 5);
      page.drawText(line, { x: margin + indent, y, size, font });
      y -= size + 5;
    }
  };

  page.drawRectangle({ x: margin, y: y - 4, width: textWidth, height: 4, color: accent });
  y -= 40;
  write(content.title, bold, 22);
  write(content.subtitle, regular, 12);
  y -= 16;

  const sections = [...content.sections];
  let pass = 0;
  for (let index = 0; index < sections.length; index += 1) {
    const section = sections[index];
    ensure(60);
    y -= 8;
    write(`${index + 1}. ${section.heading}`, bold, 14);
    y -= 4;
    for (const paragraph of section.paragraphs) {
      write(paragraph, regular, bodySize);
      y -= lineHeight - bodySize;
    }
    if (section.table) {
      const columnWidth = textWidth / section.table.columns.length;
      for (const [rowIndex, row] of [section.table.columns, ...section.table.rows].entries()) {
        ensure(lineHeight + 4);
        if (rowIndex === 0) page.drawRectangle({ x: margin, y: y - 4, width: textWidth, height: lineHeight, color: rgb(0.92, 0.92, 0.92) });
        row.forEach((cell, column) => {
          page.drawText(cell, { x: margin + 4 + column * columnWidth, y, size: 9.5, font: rowIndex === 0 ? bold : regular });
        });
        y -= lineHeight + 2;
      }
      y -= 6;
    }
    // Repeat the sections (as an annex) until the document has the pages it should have.
    if (index === sections.length - 1 && pdf.getPageCount() < minPages && pass < 20) {
      pass += 1;
      sections.push(...content.sections.map((extra) => ({ ...extra, heading: `${extra.heading} (annex ${pass})` })));
    }
  }

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    each.drawText(`${content.title} - page ${index + 1} of ${pages.length}`, { x: margin, y: margin - 24, size: 8, font: regular, color: rgb(0.4, 0.4, 0.4) });
  });
  return pdf.save();
}
