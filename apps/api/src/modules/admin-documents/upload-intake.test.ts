import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateDrawingSvg } from '../../demo/generate-media.ts';
import { generateDocx, generateXlsx } from '../../demo/generate-office.ts';
import { LocalFileStorage } from '../../platform/storage/local-file-storage.ts';
import { cleanFileName } from '../../platform/uploads/index.ts';
import { storeUpload } from './upload-form.ts';

const content = { title: 'Spec', subtitle: 'x', sections: [{ heading: 'A', paragraphs: ['b'], table: { columns: ['c'], rows: [['d']] } }] };

describe('storeUpload', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'portal-intake-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const store = (fileName: string, bytes: Uint8Array | string, chunkSize = 1000) => {
    const buffer = Buffer.from(bytes);
    const chunks = Array.from({ length: Math.ceil(buffer.length / chunkSize) }, (_, index) => buffer.subarray(index * chunkSize, (index + 1) * chunkSize));
    return storeUpload(storage, Readable.from(chunks), fileName, 10_000_000);
  };

  it('accepts Office, SVG and CAD text formats by their content, with the media type of their extension', async () => {
    expect((await store('manual.docx', await generateDocx(content))).mediaType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await store('figures.xlsx', await generateXlsx(content))).mediaType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await store('drawing.svg', generateDrawingSvg('Flange', 'D1'))).mediaType).toBe('image/svg+xml');
    expect((await store('with-prolog.svg', '<?xml version="1.0"?>\n<!-- made by hand -->\n<svg xmlns="http://www.w3.org/2000/svg"/>')).mediaType).toBe('image/svg+xml');
    expect((await store('flange.step', 'ISO-10303-21;\nHEADER;\nENDSEC;\nEND-ISO-10303-21;\n')).mediaType).toBe('model/step');
  });

  it('stores the whole stream, not only the sniffed head', async () => {
    const bytes = Buffer.concat([Buffer.from('ISO-10303-21;\n'), Buffer.alloc(600_000, 'x')]);
    const stored = await store('big.stp', bytes, 64 * 1024);
    expect(stored.size).toBe(bytes.length);
    expect((await storage.stat(stored.key))?.size).toBe(bytes.length);
  });

  it('refuses a docx that is not a zip, and stores nothing', async () => {
    await expect(store('manual.docx', 'plain text pretending')).rejects.toMatchObject({ statusCode: 415 });
    expect(await readdir(root, { recursive: true })).toEqual([]);
  });

  it('closes the source of a refused file, whatever refused it (an imported file would hold its descriptor until a garbage collection)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'portal-intake-source-'));
    try {
      const pdf = join(folder, 'big.pdf');
      await writeFile(pdf, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(600_000, 32)]));
      const refusals: Array<[name: string, maxBytes: number, status: number]> = [
        ['big.pdf', 300_000, 413],
        ['..', 10_000_000, 400],
        ['big.docx', 10_000_000, 415],
      ];
      for (const [name, maxBytes, status] of refusals) {
        const source = createReadStream(pdf, { highWaterMark: 64 * 1024 });
        await expect(storeUpload(storage, source, name, maxBytes)).rejects.toMatchObject({ statusCode: status });
        expect(source.destroyed, name).toBe(true);
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps only the last segment of a file name and refuses names that are not names', () => {
    expect(cleanFileName('C:\\Users\\ada\\manual.pdf')).toBe('manual.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('bad\u0000name\n.pdf')).toBe('badname.pdf');
    expect(() => cleanFileName('..')).toThrow('The file has no name.');
    expect(() => cleanFileName(`${'a'.repeat(300)}.pdf`)).toThrow('longer than 255');
  });
});
