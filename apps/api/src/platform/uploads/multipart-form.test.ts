import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, readMultipartForm } from './multipart-form.ts';

const boundary = 'testboundary';
const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
/** Larger than a part's high-water mark (16 KiB), in the same write as its headers as app.inject and a 64 KiB socket read send it. */
const large = 'x'.repeat(80_000);

function body(...parts: string[]): Buffer {
  return Buffer.from(`${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`, 'latin1');
}

describe('readMultipartForm', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await app.register(multipart);
    app.post('/upload', async (request) => {
      const fields: Record<string, string> = {};
      const files: Record<string, number> = {};
      await readMultipartForm(request, {
        notMultipart: 'Send multipart/form-data.',
        limits: { fileSize: 1024 * 1024, files: 3, fields: 3, fieldSize: 1024 * 1024 },
        onField: (name, value) => {
          fields[name] = value;
        },
        onFile: async (file) => {
          files[file.filename] = (await file.toBuffer()).length;
        },
      });
      return { fields, files };
    });
  });
  afterAll(() => app.close());

  const post = (payload: Buffer) => app.inject({ method: 'POST', url: '/upload', headers, payload });

  it('hands over each field and file', async () => {
    const response = await post(body('Content-Disposition: form-data; name="metadata"\r\n\r\n{"a":1}', `Content-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${large}`));
    expect(response.json()).toEqual({ fields: { metadata: '{"a":1}' }, files: { 'a.pdf': large.length } });
  });

  // A part the parser skips (no Content-Disposition, or a line break inside a name) that is larger than its
  // high-water mark once left the request unanswered: the parser waited for a reader that skipped parts never had.
  it.each([
    ['without a Content-Disposition', `Content-Type: application/pdf\r\n\r\n${large}`],
    ['with a carriage return in its file name', `Content-Disposition: form-data; name="file"; filename="\x0f\r\x07"\r\nContent-Type: application/pdf\r\n\r\n${large}`],
  ])('answers and reads the parts after a large part %s', async (_case, skipped) => {
    const response = await post(body(skipped, 'Content-Disposition: form-data; name="metadata"\r\n\r\n{}'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ fields: { metadata: '{}' }, files: {} });
  });

  it('answers 400 for a body that ends inside a part', async () => {
    const response = await post(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n${large}`));
    expect(response.statusCode).toBe(400);
  });
});
