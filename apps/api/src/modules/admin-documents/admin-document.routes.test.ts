import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePhoto } from '../../demo/generate-media.ts';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { backgroundJobHandlers } from '../../background-jobs.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { multipartBody, type MultipartPart } from '../../platform/uploads/multipart-body.ts';

const pdfBytes = await generatePdf({
  title: 'Tool changer TC-50 manual',
  subtitle: 'TC50',
  sections: [{ heading: 'Locking', paragraphs: ['The locking piston needs 6 bar of compressed air.'] }],
});
const pngBytes = await generatePhoto('TC-50', 'png', 200, 100);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The metadata of an upload that chooses no status: the document comes in as a draft. */
const draftMetadata = (overrides: Record<string, unknown> = {}) => ({
  serviceRef: 'D10000001',
  title: 'Tool changer TC-50 manual',
  typeCode: 'manual',
  languageCode: 'en',
  products: ['TC50'],
  ...overrides,
});
const metadata = (overrides: Record<string, unknown> = {}) => draftMetadata({ status: 'published', ...overrides });

async function storedFiles(test: TestApp): Promise<string[]> {
  const entries = await readdir(join(test.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && !entry.parentPath.includes('.tmp')).map((entry) => entry.name);
}

describe.each(await testDialects())('admin document routes on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    // No job runner: these tests look at the queued jobs, not at their results.
    test = await createTestApp(dialect, { JOB_CONCURRENCY: '0', UPLOAD_MAX_BYTES: String(200_000) });
    await ensureReferenceData(test.db);
  });
  afterAll(() => test.close());

  async function upload(url: string, parts: MultipartPart[], user = testUsers.admin) {
    const { payload, headers } = multipartBody(parts);
    return test.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(await test.authHeaders(user)) } });
  }
  const create = (meta: Record<string, unknown>, file: { filename: string; content: Uint8Array }, user = testUsers.admin) =>
    upload('/api/Admin/documents', [{ name: 'metadata', value: JSON.stringify(meta) }, { name: 'file', ...file }], user);

  it('lets an admin create a document: one transaction with its version, products, rules, index row and preview jobs', async () => {
    const response = await create(
      metadata({
        audience: 'restricted',
        access: [{ kind: 'role', value: 'partner' }, { kind: 'account', value: 'ACME-001' }, { kind: 'user', value: 'Jane.Doe@Example.com', expiresAt: '2030-01-01T00:00:00Z' }],
      }),
      { filename: 'tc50-manual.pdf', content: pdfBytes },
    );
    expect(response.statusCode).toBe(201);
    const document = response.json();
    expect(document).toMatchObject({
      serviceRef: 'D10000001', variantGroup: 'D10000001', title: 'Tool changer TC-50 manual', products: ['TC50'], downloadable: true,
      audience: 'restricted', status: 'published',
      access: [
        { kind: 'account', value: 'ACME-001', expiresAt: null },
        { kind: 'role', value: 'partner', expiresAt: null },
        { kind: 'user', value: 'jane.doe@example.com', expiresAt: '2030-01-01T00:00:00Z' },
      ],
    });
    expect(document.versions).toHaveLength(1);
    expect(document.versions[0]).toMatchObject({ resourceVersion: 'A', fileName: 'tc50-manual.pdf', size: pdfBytes.length, mediaType: 'application/pdf', sha256: sha(pdfBytes) });
    expect(document.currentVersionId).toBe(document.versions[0].id);
    expect(await storedFiles(test)).toContain(sha(pdfBytes));
    const jobs = await test.db.selectFrom('jobs').select(['kind', 'status']).where('dedupeKey', 'like', `%${document.versions[0].id}`).orderBy('kind').execute();
    expect(jobs).toEqual([{ kind: 'extractText', status: 'queued' }, { kind: 'thumbnail', status: 'queued' }]);
    const indexed = await test.db.selectFrom('document_search').select('title').where('documentId', '=', document.id).execute();
    expect(indexed).toEqual([{ title: 'Tool changer TC-50 manual' }]);
  });

  it('keeps a document uploaded without a status as a draft that readers neither find nor open and nobody hears of; published, readers see it', async () => {
    const customer = await test.authHeaders(testUsers.customer);
    expect((await test.app.inject({ method: 'PUT', url: '/api/Follows/product/TC50', headers: customer })).statusCode).toBe(200);
    const announced: string[] = [];
    const stopListening = test.app.events.subscribe('document.published', 'after-commit', ({ documentId }) => {
      announced.push(documentId);
    });
    try {
      const draft = await create(draftMetadata({ serviceRef: 'D10000040', title: 'Wombat clamp draft' }), { filename: 'draft.pdf', content: pdfBytes });
      expect(draft.statusCode).toBe(201);
      expect(draft.json().status).toBe('unpublished');
      const published = await create(metadata({ serviceRef: 'D10000041', title: 'Wombat clamp manual' }), { filename: 'published.pdf', content: pdfBytes });
      expect(published.json().status).toBe('published');
      const [draftId, publishedId] = [draft.json().id as string, published.json().id as string];
      const draftVersion = await upload(`/api/Admin/documents/${draftId}/versions`, [
        { name: 'metadata', value: JSON.stringify({ resourceVersion: 'B' }) },
        { name: 'file', filename: 'draft-b.png', content: await generatePhoto('draft B', 'png', 200, 100) },
      ]);
      expect(draftVersion.json()).toMatchObject({ status: 'unpublished', versions: [{ resourceVersion: 'B' }, { resourceVersion: 'A' }] });
      expect(announced).toEqual([publishedId]);

      const found = await test.app.inject({ url: '/api/Content/search?q=wombat', headers: customer });
      expect(found.json().items.map((item: { id: string }) => item.id)).toEqual([publishedId]);
      const opened = async (query: string) => (await test.app.inject({ url: `/api/Content/${query}`, headers: customer })).statusCode;
      expect([await opened(`documentData?documentId=${draftId}`), await opened('documentByServiceRef?serviceRef=D10000040')]).toEqual([404, 404]);
      expect([await opened(`documentData?documentId=${publishedId}`), await opened('documentByServiceRef?serviceRef=D10000041')]).toEqual([200, 200]);

      // The follower of the product is told of the published document only.
      const handlers = backgroundJobHandlers(test.app);
      const versionIds: string[] = [...draftVersion.json().versions.map((version: { id: string }) => version.id), published.json().versions[0].id];
      const fanOuts = (await test.db.selectFrom('jobs').selectAll().where('kind', '=', 'alerts.fanOut').execute())
        .filter((job) => versionIds.includes(JSON.parse(job.payload).versionId));
      expect(fanOuts.map((job) => JSON.parse(job.payload).versionId)).toEqual([published.json().versions[0].id]);
      for (const job of fanOuts) await handlers[job.kind]!(JSON.parse(job.payload), job);
      const notifications = await test.app.inject({ url: '/api/Notifications', headers: customer });
      expect(notifications.json()).toMatchObject({ total: 1, items: [{ title: 'Wombat clamp manual' }] });
    } finally {
      stopListening();
    }
  });

  it('refuses everyone but admins (403) and anonymous callers (401), storing nothing', async () => {
    for (const user of [testUsers.customer, testUsers.partner, testUsers.employee]) {
      const response = await create(metadata({ serviceRef: 'D10000099' }), { filename: 'photo.png', content: pngBytes }, user);
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await test.app.inject({ method: 'POST', url: '/api/Admin/documents', ...multipartBody([{ name: 'metadata', value: '{}' }]) });
    expect(anonymous.statusCode).toBe(401);
    for (const [method, url] of [['PATCH', '/api/Admin/documents/x'], ['POST', '/api/Admin/documents/x/unpublish'], ['GET', '/api/Admin/documents/x']] as const) {
      const response = await test.app.inject({ method, url, payload: method === 'PATCH' ? { title: 'x' } : undefined, headers: await test.authHeaders(testUsers.customer) });
      expect(response.statusCode).toBe(403);
    }
    expect(await storedFiles(test)).not.toContain(sha(pngBytes));
  });

  it('answers 409 for a service reference that exists', async () => {
    const response = await create(metadata(), { filename: 'again.pdf', content: pdfBytes });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'conflict' });
  });

  it('answers 400 with the list of invalid metadata fields, and for unknown codes', async () => {
    const invalid = await create({ serviceRef: 'D-1', languageCode: 'english', products: 'TC50' }, { filename: 'a.png', content: pngBytes });
    expect(invalid.statusCode).toBe(400);
    const paths = invalid.json().details.map((detail: { path: string }) => detail.path).sort();
    expect(paths).toEqual(['languageCode', 'products', 'serviceRef', 'title', 'typeCode']);

    const unknown = await create(metadata({ serviceRef: 'D10000002', typeCode: 'brochure', products: ['TC50', 'NOPE'] }), { filename: 'a.png', content: pngBytes });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      { path: 'typeCode', message: 'unknown document type "brochure"' },
      { path: 'products.1', message: 'unknown product "NOPE"' },
    ]);

    const notJson = await upload('/api/Admin/documents', [{ name: 'metadata', value: '{nope' }, { name: 'file', filename: 'a.png', content: pngBytes }]);
    expect(notJson.statusCode).toBe(400);
    const fileFirst = await upload('/api/Admin/documents', [{ name: 'file', filename: 'a.png', content: pngBytes }, { name: 'metadata', value: JSON.stringify(metadata({ serviceRef: 'D10000003' })) }]);
    expect(fileFirst.json()).toMatchObject({ error: 'invalidParameters', message: 'Send the metadata field before the file field.' });
    const noFile = await upload('/api/Admin/documents', [{ name: 'metadata', value: JSON.stringify(metadata({ serviceRef: 'D10000003' })) }]);
    expect(noFile.json()).toMatchObject({ error: 'invalidParameters', message: 'The file field is missing.' });
    const empty = await create(metadata({ serviceRef: 'D10000003' }), { filename: 'empty.pdf', content: new Uint8Array() });
    expect(empty.statusCode).toBe(400);
    expect(await storedFiles(test)).not.toContain(sha(pngBytes));
  });

  it('answers 415 when the content does not match the extension or the type is refused, storing nothing', async () => {
    const cases = [
      { filename: 'disguised.pdf', content: pngBytes },
      { filename: 'tool.exe', content: Buffer.from('MZ\x90\x00 executable') },
      { filename: 'page.html', content: Buffer.from('<html><script>alert(1)</script></html>') },
      { filename: 'drawing.svg', content: Buffer.from('not an svg at all') },
      { filename: 'noextension', content: pdfBytes.slice(0, 100) },
    ];
    for (const file of cases) {
      const response = await create(metadata({ serviceRef: 'D10000004' }), file);
      expect({ file: file.filename, status: response.statusCode, error: response.json().error }).toEqual({ file: file.filename, status: 415, error: 'unsupportedMediaType' });
    }
    expect(await storedFiles(test)).not.toContain(sha(pngBytes));
  });

  it('answers 413 for a file above UPLOAD_MAX_BYTES and keeps no part of it', async () => {
    const big = await generatePhoto('big', 'png', 1600, 1200);
    const large = Buffer.concat([big, Buffer.alloc(Math.max(0, 250_000 - big.length))]);
    const response = await create(metadata({ serviceRef: 'D10000005' }), { filename: 'big.png', content: large });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('payloadTooLarge');
    expect(await storedFiles(test)).not.toContain(sha(large));
    const tempFiles = await readdir(join(test.config.dataDir, 'files', '.tmp')).catch(() => []);
    expect(tempFiles).toEqual([]);
    expect(await test.db.selectFrom('documents').select('id').where('serviceRef', '=', 'D10000005').execute()).toEqual([]);
  });

  it('stores whether a new version is a significant change (true unless said otherwise) and answers it with the change note', async () => {
    const created = await create(metadata({ serviceRef: 'D10000016', products: [] }), { filename: 'photo-a.png', content: pngBytes }, testUsers.publisher);
    const id = created.json().id;
    expect(created.json().versions[0]).toMatchObject({ significant: true });
    const addVersion = async (meta: Record<string, unknown>, label: string) =>
      upload(`/api/Admin/documents/${id}/versions`, [
        { name: 'metadata', value: JSON.stringify(meta) },
        { name: 'file', filename: `photo-${label}.png`, content: await generatePhoto(`revision ${label}`, 'png', 200, 100) },
      ], testUsers.publisher);
    expect((await addVersion({ resourceVersion: 'B', changeNote: 'New wiring' }, 'b')).json().versions[0]).toMatchObject({ resourceVersion: 'B', changeNote: 'New wiring', significant: true });
    expect((await addVersion({ resourceVersion: 'C', changeNote: 'Typo', significant: false }, 'c')).json().versions[0]).toMatchObject({ resourceVersion: 'C', changeNote: 'Typo', significant: false });
    const refused = await addVersion({ resourceVersion: 'D', significant: 'no' }, 'd');
    expect(refused.statusCode).toBe(400);
    const rows = await test.db.selectFrom('document_versions').select(['resourceVersion', 'significant']).where('documentId', '=', id).orderBy('resourceVersion').execute();
    expect(rows.map((row) => [row.resourceVersion, Number(row.significant)])).toEqual([['A', 1], ['B', 1], ['C', 0]]);
    const read = await test.app.inject({ method: 'GET', url: `/api/Admin/documents/${id}`, headers: await test.authHeaders(testUsers.admin) });
    expect(read.json().versions.map((version: { significant: boolean }) => version.significant)).toEqual([false, true, true]);
  });

  it('adds versions that become current, refuses duplicates, and moves back when a version is unpublished', async () => {
    const first = await create(metadata({ serviceRef: 'D10000006', products: [] }), { filename: 'photo-a.png', content: pngBytes });
    const id = first.json().id;
    const versionB = await generatePhoto('revision B', 'png', 200, 100);
    const added = await upload(`/api/Admin/documents/${id}/versions`, [
      { name: 'metadata', value: JSON.stringify({ resourceVersion: 'B', changeNote: 'New label' }) },
      { name: 'file', filename: 'photo-b.png', content: versionB },
    ]);
    expect(added.statusCode).toBe(201);
    const withB = added.json();
    expect(withB.versions.map((version: { resourceVersion: string }) => version.resourceVersion)).toEqual(['B', 'A']);
    expect(withB.currentVersionId).toBe(withB.versions[0].id);

    const duplicate = await upload(`/api/Admin/documents/${id}/versions`, [
      { name: 'metadata', value: JSON.stringify({ resourceVersion: 'B' }) },
      { name: 'file', filename: 'photo-b.png', content: versionB },
    ]);
    expect(duplicate.statusCode).toBe(409);
    const missing = await upload('/api/Admin/documents/no-such-id/versions', [
      { name: 'metadata', value: JSON.stringify({ resourceVersion: 'C' }) },
      { name: 'file', filename: 'photo-c.png', content: versionB },
    ]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('documentNotFound');

    const headers = await test.authHeaders(testUsers.admin);
    const unpublished = await test.app.inject({ method: 'POST', url: `/api/Admin/documents/${id}/versions/${withB.versions[0].id}/unpublish`, headers });
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json().currentVersionId).toBe(withB.versions[1].id);
    expect(unpublished.json().versions[0].status).toBe('unpublished');
  });

  it('updates metadata (replacing products and rules) and keeps the search index in step', async () => {
    const created = (await create(metadata({ serviceRef: 'D10000007' }), { filename: 'spec.pdf', content: pdfBytes })).json();
    const headers = await test.authHeaders(testUsers.admin);
    const patched = await test.app.inject({
      method: 'PATCH', url: `/api/Admin/documents/${created.id}`, headers,
      payload: { title: 'TC-50 locking manual', products: ['TC50', 'TC120'], downloadable: false, audience: 'restricted', access: [{ kind: 'role', value: 'partner' }] },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'TC-50 locking manual', products: ['TC120', 'TC50'], downloadable: false, audience: 'restricted', access: [{ kind: 'role', value: 'partner' }] });
    expect(await test.db.selectFrom('document_search').select('title').where('documentId', '=', created.id).execute()).toEqual([{ title: 'TC-50 locking manual' }]);

    const empty = await test.app.inject({ method: 'PATCH', url: `/api/Admin/documents/${created.id}`, headers, payload: {} });
    expect(empty.statusCode).toBe(400);
    const badCode = await test.app.inject({ method: 'PATCH', url: `/api/Admin/documents/${created.id}`, headers, payload: { typeCode: 'brochure' } });
    expect(badCode.statusCode).toBe(400);
  });

  it('unpublishes a document (it leaves the search index) and publishes it again', async () => {
    const created = (await create(metadata({ serviceRef: 'D10000008' }), { filename: 'spec.pdf', content: pdfBytes })).json();
    const headers = await test.authHeaders(testUsers.admin);
    const indexed = () => test.db.selectFrom('document_search').select('documentId').where('documentId', '=', created.id).execute();
    const off = await test.app.inject({ method: 'POST', url: `/api/Admin/documents/${created.id}/unpublish`, headers });
    expect(off.json().status).toBe('unpublished');
    expect(await indexed()).toEqual([]);
    const on = await test.app.inject({ method: 'POST', url: `/api/Admin/documents/${created.id}/publish`, headers });
    expect(on.json().status).toBe('published');
    expect(await indexed()).toHaveLength(1);
    const missing = await test.app.inject({ method: 'POST', url: '/api/Admin/documents/nope/unpublish', headers });
    expect(missing.statusCode).toBe(404);
  });
});
