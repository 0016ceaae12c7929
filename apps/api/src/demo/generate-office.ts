import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import ExcelJS from 'exceljs';
import type { DocumentContent } from './document-content.ts';

/** A Word document with the same structure as the PDFs: title, numbered sections, tables. */
export async function generateDocx(content: DocumentContent): Promise<Buffer> {
  const children: Array<Paragraph | Table> = [
    new Paragraph({ text: content.title, heading: HeadingLevel.TITLE }),
    new Paragraph({ children: [new TextRun({ text: content.subtitle, italics: true })] }),
  ];
  content.sections.forEach((section, index) => {
    children.push(new Paragraph({ text: `${index + 1}. ${section.heading}`, heading: HeadingLevel.HEADING_1 }));
    for (const paragraph of section.paragraphs) children.push(new Paragraph(paragraph));
    if (section.table) {
      const row = (cells: string[], bold: boolean) =>
        new TableRow({ children: cells.map((cell) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: cell, bold })] })] })) });
      children.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [row(section.table.columns, true), ...section.table.rows.map((cells) => row(cells, false))],
        }),
      );
    }
  });
  const document = new Document({ creator: 'Technical Resources Portal demo content', title: content.title, sections: [{ children }] });
  return Packer.toBuffer(document);
}

/** A workbook: one sheet per section that has a table, plus a cover sheet with the title and text. */
export async function generateXlsx(content: DocumentContent): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Technical Resources Portal demo content';
  const cover = workbook.addWorksheet('Overview');
  cover.addRow([content.title]).font = { bold: true, size: 16 };
  cover.addRow([content.subtitle]);
  for (const section of content.sections) {
    cover.addRow([]);
    cover.addRow([section.heading]).font = { bold: true };
    for (const paragraph of section.paragraphs) cover.addRow([paragraph]);
  }
  cover.getColumn(1).width = 100;
  content.sections.forEach((section, index) => {
    if (!section.table) return;
    const sheet = workbook.addWorksheet(`${index + 1} ${section.heading}`.slice(0, 31).replace(/[*?:\\/[\]]/g, ' '));
    sheet.addRow(section.table.columns).font = { bold: true };
    sheet.addRows(section.table.rows);
    section.table.columns.forEach((_column, column) => (sheet.getColumn(column + 1).width = 24));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
