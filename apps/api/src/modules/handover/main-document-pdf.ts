import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ContainerSource } from './document-container.ts';
import { vdi2770Class } from './vdi2770-classes.ts';
import type { MetadataFacts } from './vdi2770-xml.ts';

/* VDI2770_Main.pdf: the documentation's main document, a list of the unit's documents by class (A4, text). */

const page = { width: 595.28, height: 841.89 };
const margin = 56;
const lineHeight = 14;
/** Helvetica's encoding (WinAnsi) has no glyph for other characters: they print as `?`. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

export async function mainDocumentPdf(main: Omit<MetadataFacts, 'files'>, documents: ReadonlyArray<ContainerSource & { containerName: string }>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(main.title));
  pdf.setAuthor(printable(main.maker.name));
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  let current: PDFPage = pdf.addPage([page.width, page.height]);
  let y = page.height - margin;
  const line = (text: string, font: PDFFont = fonts.regular, size = 10) => {
    if (y < margin) {
      current = pdf.addPage([page.width, page.height]);
      y = page.height - margin;
    }
    current.drawText(printable(clip(text, 110)), { x: margin, y, size, font });
    y -= lineHeight;
  };
  line(main.title, fonts.bold, 14);
  line(`Maker: ${main.maker.name}`);
  line(`Serial number: ${main.unit.serialNumber}   Model: ${main.unit.productCode}`);
  line(`Identification link: ${main.unit.identificationLink}`);
  y -= lineHeight;
  line('Documents (VDI 2770 class, title, version, language, container)', fonts.bold);
  const sorted = [...documents].sort((a, b) => a.facts.classId.localeCompare(b.facts.classId) || a.facts.title.localeCompare(b.facts.title, 'en'));
  for (const { facts, containerName } of sorted) {
    line(`${facts.classId} ${vdi2770Class(facts.classId).nameEn}: ${facts.title}`);
    line(`      version ${facts.versionId}, ${facts.language}, ${containerName}`);
  }
  return pdf.save();
}
