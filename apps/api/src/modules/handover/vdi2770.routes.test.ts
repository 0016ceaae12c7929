import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip, type ZipEntry } from '../../platform/delivery/zip-reader.ts';
import { storeFile } from '../../platform/storage/store-file.ts';
import { insertDocument } from '../../test/document-fixtures.ts';
import { testUsers, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { otherCustomer, unitFixturesApp } from '../units/units.fixture.ts';

/*
 * The VDI 2770 export of R100-0001 (ACME): the unit fixtures' manual (versions C and B), cert1 and the firmware's
 * release notes (stand-in PDFs ghostscript cannot read), plus a real PDF operating manual and a Word document
 * with its PDF preview added here. Every metadata file is checked against the schema with xmllint.
 */

const run = promisify(execFile);
const schema = join(import.meta.dirname, 'testdata', 'vdi2770.xsd');
const pdfaMarker = 'pdfaid:part';

async function realPdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText(text, { x: 50, y: 700, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

describe.each(await testDialects())('VDI 2770 export on %s', (dialect) => {
  const app = unitFixturesApp(dialect);
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vdi2770-test-'));
    const { t } = app;
    const stored = await storeFile(t.app.storage, { fileName: 'op_manual.pdf', content: await realPdf('Operating manual'), mediaType: 'application/pdf' });
    await insertDocument(t.db, { id: 'op', title: 'Operating <manual> & more', versions: [{ resourceVersion: 'A', publishedAt: '2025-02-01T09:00:00.000Z', ...stored }] });
    const wordType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const word = await storeFile(t.app.storage, { fileName: 'spec.docx', content: 'PK word bytes', mediaType: wordType });
    const preview = await storeFile(t.app.storage, { fileName: 'spec.pdf', content: await realPdf('Specification'), mediaType: 'application/pdf' });
    await insertDocument(t.db, { id: 'spec', typeCode: 'datasheet', versions: [{ resourceVersion: 'A', publishedAt: '2025-02-01T09:00:00.000Z', ...word, previewPdfKey: preview.storageKey }] });
    const admin = await t.authHeaders(testUsers.admin);
    for (const id of ['op', 'spec']) {
      const response = await t.app.inject({ method: 'PUT', url: `/api/Admin/units/applicability/${id}`, headers: admin, payload: { unit: 'R100-0001' } });
      expect(response.statusCode).toBe(200);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const exportOf = async (serial: string, user: TestUserInput = testUsers.customer) => app.get(`/api/Units/${serial}/vdi2770`, user);
  const validate = async (name: string, xml: Buffer) => {
    const path = join(dir, name.replace(/[^A-Za-z0-9._-]/g, '_'));
    await writeFile(path, xml);
    await expect(run('xmllint', ['--noout', '--schema', schema, path]), name).resolves.toBeDefined();
  };
  const entry = (entries: ZipEntry[], name: string) => {
    const found = entries.find((candidate) => candidate.name === name);
    expect(found, name).toBeDefined();
    return found!.data;
  };

  it('holds one document container per document version, each with metadata valid against the VDI 2770 schema', async () => {
    const response = await exportOf('R100-0001');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('R100-0001-vdi2770-en.zip');
    const entries = readZip(response.rawPayload);
    const containers = entries.filter((candidate) => candidate.name.endsWith('.zip')).map((candidate) => candidate.name).sort();
    expect(containers).toEqual(['CERT1_A_en.zip', 'MANEN_B_en.zip', 'MANEN_C_en.zip', 'OP_A_en.zip', 'RN20_A_en.zip', 'SPEC_A_en.zip']);
    for (const name of containers) {
      const inner = readZip(entry(entries, name));
      const xml = entry(inner, 'VDI2770_Metadata.xml');
      await validate(name, xml);
      expect(xml.toString('utf8')).toContain('<ObjectId ObjectType="Individual" RefType="Serial number">R100-0001</ObjectId>');
    }
    const main = entry(entries, 'VDI2770_Main.xml');
    await validate('main.xml', main);
    expect(main.toString('utf8')).toContain('<ClassId>01-01</ClassId>');
    const op = entry(readZip(entry(entries, 'OP_A_en.zip')), 'VDI2770_Metadata.xml').toString('utf8');
    expect(op).toContain('<ClassId>03-02</ClassId>');
    expect(op).toContain('<Title>Operating &lt;manual&gt; &amp; more</Title>');
    expect(op).toContain('<LifeCycleStatus StatusValue="Released" SetDate="2025-02-01">');
  });

  it('hands PDFs over as PDF/A-2b, Office documents through their PDF preview beside the original', async () => {
    const entries = readZip((await exportOf('R100-0001')).rawPayload);
    expect(entry(entries, 'VDI2770_Main.pdf').toString('latin1')).toContain(pdfaMarker);
    expect(entry(readZip(entry(entries, 'OP_A_en.zip')), 'Operating_manual_more.pdf').toString('latin1')).toContain(pdfaMarker);
    const spec = readZip(entry(entries, 'SPEC_A_en.zip'));
    // Named after the document's title, as readers get it, not as the file was uploaded.
    expect(spec.map((file) => file.name).sort()).toEqual(['Title_of_spec.docx', 'Title_of_spec.pdf', 'VDI2770_Metadata.xml']);
    expect(entry(spec, 'Title_of_spec.pdf').toString('latin1')).toContain(pdfaMarker);
    expect(entry(spec, 'Title_of_spec.docx').toString('utf8')).toBe('PK word bytes');
    expect(entry(spec, 'VDI2770_Metadata.xml').toString('utf8')).toContain('<ClassId>02-01</ClassId>');
  });

  it('exports a PDF ghostscript cannot convert as it is, and lists it in the report', async () => {
    const entries = readZip((await exportOf('R100-0001')).rawPayload);
    const manual = entry(readZip(entry(entries, 'MANEN_C_en.zip')), 'Title_of_man-en.pdf');
    expect(manual.equals(app.bytes.get('man-en-C')!)).toBe(true);
    const report = entry(entries, 'report.txt').toString('utf8');
    for (const name of ['CERT1_A_en.zip', 'MANEN_B_en.zip', 'MANEN_C_en.zip', 'RN20_A_en.zip']) {
      expect(report).toMatch(new RegExp(`${name.replace('.', '\\.')}: .*not as PDF/A \\(ghostscript could not convert it`));
    }
    expect(report).not.toContain('OP_A_en.zip');
  });

  it('answers 404 for another account\'s unit exactly like a missing one', async () => {
    const foreign = await exportOf('R100-0001', otherCustomer);
    const missing = await exportOf('R100-9999', otherCustomer);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });
});
