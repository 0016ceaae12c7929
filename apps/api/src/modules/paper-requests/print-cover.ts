import { StandardFonts, rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/* The cover of a print PDF: who it goes to, which unit, and what follows (or could not be printed), on A4 pages. */

/** One document as the cover lists it. */
export interface CoverDocument {
  serviceRef: string;
  title: string;
  resourceVersion: string;
  publishedAt: string;
  fileName: string;
  /** Its pages in the print PDF, or null when it is not printable (`problem` says why). */
  pages: number | null;
  problem: string | null;
}

export interface CoverFacts {
  maker: string;
  serialNumber: string;
  model: string;
  language: string;
  requestId: string;
  requestedAt: string;
  dueAt: string;
  requester: string;
  contact: string;
  postalAddress: string;
  documents: readonly CoverDocument[];
  /** Documents of the unit that exist in other languages only (title and language). */
  otherLanguages: readonly string[];
  generatedAt: string;
}

const mm = 72 / 25.4;
const a4: [number, number] = [210 * mm, 297 * mm];
const margin = 20 * mm;
const width = a4[0] - 2 * margin;
const black = rgb(0, 0, 0);
const grey = rgb(0.35, 0.35, 0.35);

/** The characters a standard font can encode (WinAnsi), per font. */
const characterSets = new WeakMap<PDFFont, Set<number>>();

/** The text with every character the font cannot encode (and every control character) as `?`. */
function printable(text: string, font: PDFFont): string {
  let supported = characterSets.get(font);
  if (!supported) characterSets.set(font, (supported = new Set(font.getCharacterSet())));
  const known = supported;
  return Array.from(text, (char) => (char >= ' ' && known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** Breaks text into lines no wider than `max` points (long words are cut), keeping its own line breaks. */
export function wrapText(text: string, font: PDFFont, size: number, max: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= max;
  const lines: string[] = [];
  for (const paragraph of text.replace(/\t/g, ' ').split(/\r?\n/).map((part) => printable(part, font))) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
        if (line) lines.push(line);
        lines.push(rest.slice(0, cut));
        line = '';
        rest = rest.slice(cut);
      }
      const joined = line ? `${line} ${rest}` : rest;
      if (fits(joined)) line = joined;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A writer that moves down the cover, starting a new page (inserted after the previous one) when one is full. */
function coverWriter(pdf: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont }) {
  let index = 0;
  let page: PDFPage = pdf.insertPage(index, a4);
  let y = a4[1] - margin;
  const line = (text: string, options: { size?: number; bold?: boolean; indent?: number; color?: typeof black } = {}) => {
    const size = options.size ?? 10;
    const font = options.bold ? fonts.bold : fonts.regular;
    const indent = options.indent ?? 0;
    for (const part of wrapText(text, font, size, width - indent)) {
      if (y - size < margin) {
        index += 1;
        page = pdf.insertPage(index, a4);
        y = a4[1] - margin;
      }
      y -= size * 1.35;
      page.drawText(part, { x: margin + indent, y, size, font, color: options.color ?? black });
    }
  };
  return { line, gap: (points = 6) => (y -= points), pages: () => index + 1 };
}

const day = (iso: string) => iso.slice(0, 10);

function documentLine(document: CoverDocument): string {
  const what = `${document.serviceRef} ${document.title} - version ${document.resourceVersion} of ${day(document.publishedAt)}`;
  if (document.pages === null) return `${what}: not printable: ${document.fileName} (${document.problem ?? 'no PDF'})`;
  return `${what}, ${document.pages} ${document.pages === 1 ? 'page' : 'pages'}`;
}

/** Draws the cover at the start of `pdf` (before the pages already in it); answers how many pages it took. */
export async function insertCover(pdf: PDFDocument, facts: CoverFacts): Promise<number> {
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const { line, gap, pages } = coverWriter(pdf, fonts);
  line(facts.maker, { size: 11, color: grey });
  line('Printed instructions', { size: 20, bold: true });
  gap(8);
  const fields: Array<[string, string]> = [
    ['Unit', facts.serialNumber],
    ['Model', facts.model],
    ['Language', facts.language.toUpperCase()],
    ['Request', facts.requestId],
    ['Requested', day(facts.requestedAt)],
    ['Due date', day(facts.dueAt)],
    ['Requester', facts.requester],
    ['Contact', facts.contact],
  ];
  for (const [label, value] of fields) line(`${label}: ${value}`, { size: 11 });
  gap(8);
  line('Send to', { size: 12, bold: true });
  line(facts.postalAddress, { size: 11, indent: 6 * mm });
  gap(8);
  const printed = facts.documents.filter((document) => document.pages !== null);
  const total = printed.reduce((sum, document) => sum + (document.pages ?? 0), 0);
  line(`Documents (${printed.length} printed, ${total} pages after this cover)`, { size: 12, bold: true });
  if (facts.documents.length === 0) line('None: the unit has no document in this language.', { indent: 6 * mm });
  for (const document of facts.documents) line(documentLine(document), { indent: 6 * mm });
  if (facts.otherLanguages.length > 0) {
    gap(8);
    line(`Not available in ${facts.language.toUpperCase()}`, { size: 12, bold: true });
    for (const other of facts.otherLanguages) line(other, { indent: 6 * mm });
  }
  gap(12);
  line(`Generated ${facts.generatedAt.slice(0, 16).replace('T', ' ')} UTC`, { size: 8, color: grey });
  return pages();
}
