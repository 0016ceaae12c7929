import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { generateDocx } from '../../demo/generate-office.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';
import { coreTitleOf, titleOfFile } from '../import/document-title.ts';
import { formatReference, parseReferenceScheme } from '../import/reference-scheme.ts';

// Issue 32 item 1: imports come in as drafts, a dry run first, a review list publishes the selection.

/** A PDF without a metadata title: its first heading (the largest type on page one) names it. */
async function headingOnlyPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText('Revision D', { x: 50, y: 800, size: 9, font });
  page.drawText('Tool change procedure', { x: 50, y: 760, size: 22, font });
  page.drawText('Loosen the four screws of the flange.', { x: 50, y: 720, size: 11, font });
  return pdf.save();
}

const content = (title: string) => ({ title, subtitle: 'Demo', sections: [{ heading: 'Use', paragraphs: ['Text.'] }] });
const manualPdf = await generatePdf(content('Arm 6 service manual'));
const headingPdf = await headingOnlyPdf();
const quickStart = await generateDocx(content('Gripper G20 quick start'));

async function zipOf(entries: Array<[string, Uint8Array]>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of entries) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const threeFiles = await zipOf([
  ['notes.pdf', manualPdf],
  ['arm6-revD.pdf', headingPdf],
  ['quick.docx', quickStart],
  ['setup.exe', Buffer.from('MZ\x90\x00 not a document')],
]);

describe('titles and references of files whose names give none', () => {
  const folder = mkdtemp(join(tmpdir(), 'titles-'));
  afterAll(async () => rm(await folder, { recursive: true, force: true }));

  it('reads a PDF metadata title, else its first heading, and an Office file core title', async () => {
    const dir = await folder;
    for (const [name, data] of [['a.pdf', manualPdf], ['b.pdf', headingPdf], ['c.docx', quickStart]] as const) await writeFile(join(dir, name), data);
    expect(await titleOfFile(join(dir, 'a.pdf'), 'a.pdf')).toBe('Arm 6 service manual');
    expect(await titleOfFile(join(dir, 'b.pdf'), 'b.pdf')).toBe('Tool change procedure');
    expect(await titleOfFile(join(dir, 'c.docx'), 'c.docx')).toBe('Gripper G20 quick start');
    // A damaged file has no title to give.
    await writeFile(join(dir, 'd.pdf'), '%PDF-1.7 broken');
    expect(await titleOfFile(join(dir, 'd.pdf'), 'd.pdf')).toBe('');
  }, 60_000);

  it('expands no entity of a core-properties part and passes over one with a DTD', () => {
    const core = (title: string, doctype = '') =>
      Buffer.from(`<?xml version="1.0"?>${doctype}<cp:coreProperties xmlns:cp="x" xmlns:dc="y"><dc:title>${title}</dc:title></cp:coreProperties>`);
    expect(coreTitleOf(core('Valve &amp; seal'))).toBe('Valve &amp; seal');
    expect(coreTitleOf(core('&xxe;', '<!DOCTYPE t [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'))).toBe('');
  });

  it('numbers by the scheme: letters, then one # per digit', () => {
    expect(formatReference(parseReferenceScheme('D########'), 42)).toBe('D00000042');
    expect(() => parseReferenceScheme('D#')).toThrow();
    expect(() => formatReference(parseReferenceScheme('X####'), 10_000)).toThrow();
  });
});

describe.each(await testDialects())('review before publishing on %s', (dialect) => {
  let t: TestApp;
  let publisher: Record<string, string>;
  let customer: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { SEED_DEMO: 'false', UPLOAD_MAX_BYTES: '5000000' });
    await t.db.insertInto('document_types').values({ code: 'manual', name: 'Manual' }).execute();
    publisher = await t.authHeaders(testUsers.publisher);
    customer = await t.authHeaders(testUsers.customer);
  }, 60_000);
  afterAll(() => t.close());

  const sendZip = (zip: Uint8Array, options: Record<string, unknown>) => {
    const body = multipartBody([
      { name: 'metadata', value: JSON.stringify({ kind: 'zip', ...options }) },
      { name: 'file', filename: 'Handbooks.zip', content: zip, contentType: 'application/zip' },
    ]);
    return t.app.inject({ method: 'POST', url: '/api/Admin/imports', payload: body.payload, headers: { ...body.headers, ...publisher } });
  };
  async function finished(id: string) {
    for (let attempt = 0; attempt < 900; attempt++) {
      const body = (await t.app.inject({ url: `/api/Admin/imports/${id}`, headers: publisher })).json();
      if (body.status === 'done' || body.status === 'failed') return body;
      await sleep(100);
    }
    throw new Error(`import ${id} did not finish`);
  }
  const count = async (table: 'documents' | 'document_versions' | 'audit_entries' | 'jobs' | 'admin_imports' | 'products' | 'document_types') =>
    Number((await t.db.selectFrom(table).select(t.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const storedFiles = async () => (await readdir(join(t.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) => entry.isFile()).length;
  const snapshot = async () => ({
    documents: await count('documents'),
    versions: await count('document_versions'),
    audit: await count('audit_entries'),
    jobs: await count('jobs'),
    imports: await count('admin_imports'),
    types: await count('document_types'),
    products: await count('products'),
    files: await storedFiles(),
    leftovers: await readdir(join(t.config.dataDir, 'imports')).catch(() => []),
  });
  const readerSees = async (serviceRef: string) => (await t.app.inject({ url: `/api/Content/documentByServiceRef?serviceRef=${serviceRef}`, headers: customer })).statusCode;

  it('dry-runs an import: says what each file would become, with titles and references derived, and creates nothing', async () => {
    // An existing document of the scheme: numbering goes on after it.
    await t.db.insertInto('documents').values({ id: 'earlier', serviceRef: 'D00000041', variantGroup: 'D00000041', title: 'Earlier', description: '', typeCode: 'manual', languageCode: 'en', downloadable: 1, audience: 'everyone', currentVersionId: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }).execute();
    const before = await snapshot();
    const response = await sendZip(threeFiles, { dryRun: true });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ source: 'Handbooks.zip', kind: 'zip', summary: { documents: 3, versions: 0, skipped: 0, refused: 1 } });
    const byPath = Object.fromEntries(preview.files.map((file: { path: string }) => [file.path, file]));
    expect(byPath['notes.pdf']).toMatchObject({ action: 'document', title: 'Arm 6 service manual', typeCode: 'manual', languageCode: 'en', resourceVersion: 'A' });
    expect(byPath['arm6-revD.pdf']).toMatchObject({ action: 'document', title: 'Tool change procedure' });
    expect(byPath['quick.docx']).toMatchObject({ action: 'document', title: 'Gripper G20 quick start' });
    expect(byPath['setup.exe']).toMatchObject({ action: 'refuse', reason: 'Files of type .exe are not accepted.' });
    const references = preview.files.filter((file: { action: string }) => file.action === 'document').map((file: { serviceRef: string }) => file.serviceRef);
    expect(new Set(references).size).toBe(3);
    for (const reference of references) expect(reference).toMatch(/^D000000(4[2-9])$/);
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it('imports as drafts by default: none reaches a reader; the review list publishes two of three in one step, audited', async () => {
    const accepted = await sendZip(threeFiles, {});
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json().publication).toBe('draft');
    const done = await finished(accepted.json().id);
    expect(done.counts).toEqual({ added: 3, skipped: 0, refused: 1, failed: 0 });

    const listed = await t.app.inject({ url: `/api/Admin/imports/${done.id}/documents`, headers: publisher });
    expect(listed.statusCode).toBe(200);
    const drafts = listed.json().items as Array<{ id: string; serviceRef: string; title: string; status: string; path: string }>;
    expect(drafts.map((draft) => [draft.path, draft.title, draft.status]).sort()).toEqual([
      ['arm6-revD.pdf', 'Tool change procedure', 'unpublished'],
      ['notes.pdf', 'Arm 6 service manual', 'unpublished'],
      ['quick.docx', 'Gripper G20 quick start', 'unpublished'],
    ]);
    for (const draft of drafts) expect(await readerSees(draft.serviceRef)).toBe(404);
    expect((await t.app.inject({ url: `/api/Admin/imports/${done.id}/documents`, headers: customer })).statusCode).toBe(403);

    const [first, second, third] = drafts;
    const publish = (body: unknown, headers = publisher) => t.app.inject({ method: 'POST', url: '/api/Admin/documents/publish', payload: body as object, headers });
    expect((await publish({ ids: [first.id] }, customer)).statusCode).toBe(403);
    expect((await publish({ ids: [] })).statusCode).toBe(400);
    expect((await publish({ ids: [first.id, first.id] })).statusCode).toBe(400);
    expect((await publish({ ids: [first.id], at: '2020-01-01T00:00:00Z' })).statusCode).toBe(400);
    const unknown = await publish({ ids: [first.id, 'no-such-document'] });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'There is no document no-such-document.']);
    expect(await readerSees(first.serviceRef)).toBe(404);

    const audited = await count('audit_entries');
    const published = await publish({ ids: [first.id, second.id] });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().items).toEqual([
      { id: first.id, title: first.title, status: 'published', scheduledAt: null },
      { id: second.id, title: second.title, status: 'published', scheduledAt: null },
    ]);
    expect(await count('audit_entries')).toBe(audited + 2);
    expect(await readerSees(first.serviceRef)).toBe(200);
    expect(await readerSees(second.serviceRef)).toBe(200);
    expect(await readerSees(third.serviceRef)).toBe(404);
    const after = (await t.app.inject({ url: `/api/Admin/imports/${done.id}/documents`, headers: publisher })).json().items as Array<{ id: string; status: string }>;
    expect(Object.fromEntries(after.map((item) => [item.id, item.status]))).toEqual({ [first.id]: 'published', [second.id]: 'published', [third.id]: 'unpublished' });

    // Publishing again leaves them as they are (no second announcement, no audit entry).
    await publish({ ids: [first.id] });
    expect(await count('audit_entries')).toBe(audited + 2);
    // The same files again are known by their bytes: nothing numbered twice.
    const again = await finished((await sendZip(threeFiles, {})).json().id);
    expect(again.counts).toEqual({ added: 0, skipped: 3, refused: 1, failed: 0 });
  }, 120_000);

  it('publishes an import at once or schedules it when the publisher says so', async () => {
    const now = await finished((await sendZip(await zipOf([['now.pdf', await generatePdf(content('Published at once'))]]), { publication: 'now' })).json().id);
    const [item] = (await t.app.inject({ url: `/api/Admin/imports/${now.id}/documents`, headers: publisher })).json().items;
    expect(item).toMatchObject({ title: 'Published at once', status: 'published' });
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const later = await finished((await sendZip(await zipOf([['later.pdf', await generatePdf(content('Published tomorrow'))]]), { publication: { at } })).json().id);
    expect(later.publication).toEqual({ at });
    const [scheduled] = (await t.app.inject({ url: `/api/Admin/imports/${later.id}/documents`, headers: publisher })).json().items;
    expect(scheduled).toMatchObject({ title: 'Published tomorrow', status: 'scheduled', scheduledAt: at });
    expect((await sendZip(threeFiles, { publication: 'tomorrow' })).statusCode).toBe(400);
  }, 60_000);

  it('keeps nothing of a dry run that is refused', async () => {
    // The previews of the imports above may still be made meanwhile: their jobs and files are left out.
    const rows = async () => {
      const { documents, versions, audit, imports, leftovers } = await snapshot();
      return { documents, versions, audit, imports, leftovers };
    };
    const before = await rows();
    expect((await sendZip(Buffer.from('not a zip'), { dryRun: true })).statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });
});
