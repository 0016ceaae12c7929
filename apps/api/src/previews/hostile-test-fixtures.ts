import { mkdtemp, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { deflateSync } from 'node:zlib';
import { ZipFile } from 'yazl';

/* Hostile files for the converter tests, made in the test (tiny, self-describing), and canaries that tell whether a converter reached out. */

const deflatedStream = (content: string, dictionary = '') => {
  const stream = deflateSync(Buffer.from(content));
  return Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]);
};

/**
 * A one-page PDF with the given page size and (deflated) content stream; a few hundred bytes.
 * `forms` are form XObjects the page and every form may draw by name (`/X1 Do` is the first).
 */
export function tinyPdf({ mediaBox = [0, 0, 612, 792], content = 'BT /F1 24 Tf 72 720 Td (Canary page) Tj ET', forms = [] as string[] } = {}): Buffer {
  const formNames = forms.map((_, index) => `/X${index + 1} ${index + 6} 0 R`).join(' ');
  const resources = `<< /Font << /F1 5 0 R >> /XObject << ${formNames} >> >>`;
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [${mediaBox.join(' ')}] /Resources ${resources} /Contents 4 0 R >>`),
    deflatedStream(content),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    ...forms.map((form) => deflatedStream(form, `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources ${resources}`)),
  ];
  const parts = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((body, index) => {
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(length);
    parts.push(chunk);
    length += chunk.length;
  });
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** An OpenDocument text whose paragraphs show images linked (not embedded) from `imageUrls`. */
export async function odtLinkingImages(text: string, imageUrls: string[]): Promise<Buffer> {
  const images = imageUrls
    .map(
      (url, index) =>
        `<text:p><draw:frame draw:name="linked${index}" text:anchor-type="as-char" svg:width="2cm" svg:height="2cm"><draw:image xlink:href="${url}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`,
    )
    .join('');
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2">
<office:body><office:text><text:p>${text}</text:p>${images}</office:text></office:body></office:document-content>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>
<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
</manifest:manifest>`;
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from('application/vnd.oasis.opendocument.text'), 'mimetype', { compress: false });
  zip.addBuffer(Buffer.from(manifest), 'META-INF/manifest.xml');
  zip.addBuffer(Buffer.from(content), 'content.xml');
  zip.end();
  return buffer(zip.outputStream);
}

/** A 1 × 1 PNG. */
export const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** An HTTP server on 127.0.0.1 that answers every request with a PNG and remembers the paths asked for. */
export async function startCanaryServer(): Promise<{ url: (path: string) => string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.setHeader('content-type', 'image/png');
    response.end(onePixelPng);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const longAgo = new Date('2001-01-01T00:00:00Z');

/**
 * A file outside any converter's folder whose reading shows: its access time is set long ago, and
 * any read moves it (Linux's relatime updates an access time older than a day).
 */
export async function createCanaryFile(name: string, bytes: Uint8Array): Promise<{ path: string; wasRead(): Promise<boolean> }> {
  const path = join(await mkdtemp(join(tmpdir(), 'portal-canary-')), name);
  await writeFile(path, bytes);
  await utimes(path, longAgo, longAgo);
  return { path, wasRead: async () => (await stat(path)).atimeMs !== longAgo.getTime() };
}

/** Proves on this file system that reading a canary shows (a noatime mount would make the canary tests pass blindly). */
export async function canaryDetectsReads(): Promise<boolean> {
  const canary = await createCanaryFile('probe.bin', Buffer.from('probe'));
  await readFile(canary.path);
  return canary.wasRead();
}
