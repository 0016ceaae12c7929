import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';

const pdf = await generatePdf({ title: 'Arm manual', subtitle: 'ARM6', sections: [{ heading: 'Torque', paragraphs: ['Tighten to 12 Nm.'] }] });

describe.each(await testDialects())('translations and their source on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await ensureReferenceData(test.db);
  });
  afterAll(() => test.close());

  async function upload(url: string, metadata: Record<string, unknown>) {
    const { payload, headers } = multipartBody([{ name: 'metadata', value: JSON.stringify(metadata) }, { name: 'file', filename: 'manual.pdf', content: pdf }]);
    return test.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(await test.authHeaders(testUsers.publisher)) } });
  }
  const create = (serviceRef: string, languageCode: string, extra: Record<string, unknown> = {}) =>
    upload('/api/Admin/documents', { serviceRef, title: `Manual ${languageCode}`, typeCode: 'manual', languageCode, products: ['ARM6'], variantGroup: `group-${serviceRef.slice(0, 4)}`, status: 'published', ...extra });
  const addVersion = (id: string, resourceVersion: string, extra: Record<string, unknown> = {}) => upload(`/api/Admin/documents/${id}/versions`, { resourceVersion, ...extra });
  const translationOf = async (id: string) =>
    (await test.app.inject({ method: 'GET', url: `/api/Content/documentData?documentId=${id}`, headers: await test.authHeaders(testUsers.customer) })).json().translation;

  it('records the source revision on upload and says when the source has a newer significant revision', async () => {
    const source = (await create('TR010001', 'en')).json();
    const translation = (await create('TR010002', 'de', { sourceLanguage: 'en', followsRevision: 'A' })).json();
    expect(translation).toMatchObject({ sourceLanguage: 'en', followsRevision: 'A' });
    expect(await translationOf(translation.id)).toEqual({ sourceLanguage: 'en', follows: 'A', sourceLatest: 'A', sourceDocumentId: source.id, behind: false });
    expect(await translationOf(source.id)).toBeNull();

    expect((await addVersion(source.id, 'B', { significant: false })).statusCode).toBe(201);
    expect(await translationOf(translation.id)).toMatchObject({ sourceLatest: 'A', behind: false });
    expect((await addVersion(source.id, 'C')).statusCode).toBe(201);
    expect((await addVersion(source.id, 'D', { significant: false })).statusCode).toBe(201);
    expect(await translationOf(translation.id)).toMatchObject({ follows: 'A', sourceLatest: 'C', behind: true });
    const search = await test.app.inject({ method: 'GET', url: '/api/Content/search?language=de&product=ARM6', headers: await test.authHeaders(testUsers.customer) });
    expect(search.json().items.find((item: { id: string }) => item.id === translation.id)?.translation).toMatchObject({ follows: 'A', sourceLatest: 'C', behind: true });

    // A new version of the translation that follows the source's latest significant revision catches up.
    expect((await addVersion(translation.id, 'B', { followsRevision: 'C' })).json()).toMatchObject({ followsRevision: 'C' });
    expect(await translationOf(translation.id)).toMatchObject({ follows: 'C', sourceLatest: 'C', behind: false });
  });

  it('follows the variant link: a source in another group or language does not count, and the console edits the field', async () => {
    const source = (await create('TR020001', 'en')).json();
    const other = (await create('TR030001', 'en')).json();
    await addVersion(other.id, 'B');
    const translation = (await create('TR020002', 'fr', { sourceLanguage: 'en', followsRevision: 'A' })).json();
    expect(await translationOf(translation.id)).toMatchObject({ sourceDocumentId: source.id, behind: false });
    await addVersion(source.id, 'B');
    expect(await translationOf(translation.id)).toMatchObject({ behind: true });

    const patch = async (body: Record<string, unknown>) =>
      test.app.inject({ method: 'PATCH', url: `/api/Admin/documents/${translation.id}`, payload: body, headers: await test.authHeaders(testUsers.publisher) });
    expect((await patch({ followsRevision: 'B' })).statusCode).toBe(200);
    expect(await translationOf(translation.id)).toMatchObject({ follows: 'B', behind: false });
    // Moved into the other group, it has no English source there (the other document names its own group).
    expect((await patch({ variantGroup: 'group-none' })).statusCode).toBe(200);
    expect(await translationOf(translation.id)).toMatchObject({ sourceDocumentId: null, behind: false });
    expect((await patch({ sourceLanguage: null, followsRevision: null })).statusCode).toBe(200);
    expect(await translationOf(translation.id)).toBeNull();
  });

  it('refuses a source without a revision, a source in the own language, and a followed revision on a source', async () => {
    expect((await create('TR040001', 'de', { sourceLanguage: 'en' })).statusCode).toBe(400);
    expect((await create('TR040002', 'de', { sourceLanguage: 'de', followsRevision: 'A' })).statusCode).toBe(400);
    const source = (await create('TR040003', 'en')).json();
    expect((await addVersion(source.id, 'B', { followsRevision: 'A' })).statusCode).toBe(400);
  });
});
