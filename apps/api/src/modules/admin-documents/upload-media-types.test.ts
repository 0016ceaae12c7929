import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { checkUploadType } from './upload-media-types.ts';

const svgVerdict = (text: string) => checkUploadType('svg', undefined, Buffer.from(text));

describe('checkUploadType for SVG', () => {
  it('accepts an svg element after a BOM, an XML declaration, comments and a DOCTYPE', () => {
    const prolog = '\uFEFF <?xml version="1.0"?>\n<!-- a -- b -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">\n<!---->';
    expect(svgVerdict(`${prolog}<svg xmlns="http://www.w3.org/2000/svg"/>`)).toEqual({ ok: true, mediaType: 'image/svg+xml' });
    expect(svgVerdict('<SVG>')).toMatchObject({ ok: true });
  });

  it('refuses text that only looks like the start of an SVG', () => {
    for (const text of ['<svgx>', '<!-- never closed <svg>', '<?xml version="1.0"', '<html><svg></svg></html>', '<!-->--><svg>']) {
      expect({ text, ok: svgVerdict(text).ok }).toEqual({ text, ok: text === '<!-->--><svg>' });
    }
  });

  // Finding 4: 190 bytes of empty comments blocked the event loop for 15 s with a backtracking expression.
  it('classifies files of many empty comments in linear time', () => {
    for (const count of [27, 30, 40, 10_000]) {
      for (const tail of ['x', '<svgx', '\n']) {
        const started = performance.now();
        const verdict = svgVerdict('<!---->'.repeat(count) + tail);
        const elapsed = performance.now() - started;
        expect({ count, tail, ok: verdict.ok }).toEqual({ count, tail, ok: false });
        expect(elapsed, `${count} comments + ${JSON.stringify(tail)}`).toBeLessThan(1000);
      }
    }
    // Within the 64 KiB the sniffer reads.
    expect(svgVerdict(`${'<!---->\n'.repeat(7000)}<svg>`).ok).toBe(true);
  });
});

// Issue 13: a real document base lost its TIFF scans, PDFs with bytes before the header and legacy word-processor files.
describe('checkUploadType for the formats of real document bases', () => {
  const pdfBody = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');
  const verdict = async (extension: string, head: Buffer) => {
    const { fileTypeFromBuffer } = await import('file-type');
    return checkUploadType(extension, (await fileTypeFromBuffer(head))?.ext, head);
  };

  it('accepts a PDF whose header comes anywhere in the first 1,024 bytes, not later', async () => {
    expect(await verdict('pdf', Buffer.concat([Buffer.from('\r\n\0junk'), pdfBody]))).toEqual({ ok: true, mediaType: 'application/pdf' });
    expect(await verdict('pdf', Buffer.concat([Buffer.alloc(1019, 0x20), pdfBody]))).toMatchObject({ ok: true });
    expect(await verdict('pdf', Buffer.concat([Buffer.alloc(1020, 0x20), pdfBody]))).toMatchObject({ ok: false });
    // A file another reader claims (here a PNG) is not a PDF because it carries the header later.
    expect(checkUploadType('pdf', 'png', Buffer.concat([Buffer.from('\x89PNG'), pdfBody]))).toMatchObject({ ok: false });
  });

  it('accepts the 3D formats the model preview reads: STL (ASCII and binary), OpenCascade BRep; refuses a PDF named .stl', async () => {
    const { readFileSync } = await import('node:fs');
    const binary = readFileSync(new URL('../../previews/testdata/plate.stl', import.meta.url));
    expect(await verdict('stl', binary)).toEqual({ ok: true, mediaType: 'model/stl' });
    expect(await verdict('stl', Buffer.from('solid plate\nfacet normal 0 0 1\nendsolid plate\n'))).toMatchObject({ ok: true });
    expect(await verdict('brep', Buffer.from('DBRep_DrawableShape\n\nCASCADE Topology V1, (c) Matra-Datavision\nLocations 0\n'))).toEqual({ ok: true, mediaType: 'model/x-brep' });
    expect(await verdict('brp', Buffer.from('just some text'))).toMatchObject({ ok: false });
    expect(await verdict('stl', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20)]))).toMatchObject({ ok: false });
  });

  it('accepts TIFF scans, in both byte orders', async () => {
    const sharp = (await import('sharp')).default;
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).tiff().toBuffer();
    expect(await verdict('tiff', tiff)).toEqual({ ok: true, mediaType: 'image/tiff' });
    expect(await verdict('tif', tiff)).toEqual({ ok: true, mediaType: 'image/tiff' });
    const bigEndian = Buffer.concat([Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]), Buffer.alloc(64)]);
    expect(checkUploadType('tif', 'tif', bigEndian)).toMatchObject({ ok: true });
    expect(await verdict('tiff', Buffer.from('not a scan at all'))).toMatchObject({ ok: false });
  });

  it('accepts legacy word-processor files LibreOffice opens: OLE2 compound files, WordPerfect, Word 2', async () => {
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    for (const extension of ['doc', 'dot', 'xls', 'xlt', 'ppt', 'wps']) expect({ extension, ...checkUploadType(extension, 'cfb', ole2) }).toMatchObject({ extension, ok: true });
    const wordPerfect = Buffer.concat([Buffer.from([0xff, 0x57, 0x50, 0x43, 0x10, 0, 0, 0, 1, 0x0a]), Buffer.alloc(100)]);
    expect(await verdict('wpd', wordPerfect)).toEqual({ ok: true, mediaType: 'application/vnd.wordperfect' });
    const word2 = Buffer.concat([Buffer.from([0xdb, 0xa5, 0x2d, 0x00]), Buffer.alloc(100)]);
    expect(await verdict('doc', word2)).toEqual({ ok: true, mediaType: 'application/msword' });
    expect(await verdict('wpd', Buffer.from('WPC but not at the start'))).toMatchObject({ ok: false });
    expect(await verdict('doc', Buffer.from('plain text named .doc'))).toMatchObject({ ok: false });
  });
});
