import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateDocumentMetadata } from '@portal/contracts/admin-documents';
import { previewJobHandlers } from '../../previews/preview-jobs.ts';
import { generateDemoVideo, generatePhoto } from '../../demo/generate-media.ts';
import { generateDocx } from '../../demo/generate-office.ts';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { createDocument } from '../admin-documents/admin-document.service.ts';
import { storeUpload } from '../admin-documents/index.ts';

const content = { title: 'C7 controller wiring', subtitle: 'CTRL7', sections: [{ heading: 'Wiring', paragraphs: ['Connect the emergency stop circuit to X12.'] }] };
const skipOffice = !(await import('../../previews/system-tools.ts').then((m) => m.detectSystemTools({ warn: () => undefined }))).soffice && !process.env.CI;

describe.each(await testDialects())('preview routes on %s', (dialect) => {
  let test: TestApp;
  const ids: Record<string, string> = {};
  const pdfBytes = generatePdf(content, 2);

  beforeAll(async () => {
    // Jobs are run by hand where a test needs their result.
    test = await createTestApp(dialect, { JOB_CONCURRENCY: '0' });
    await ensureReferenceData(test.db);
    const add = async (name: string, fileName: string, bytes: Uint8Array, extra: Partial<CreateDocumentMetadata> = {}) => {
      const upload = await storeUpload(test.app.storage, Readable.from([Buffer.from(bytes)]), fileName, 50_000_000);
      const metadata = { serviceRef: `P${Object.keys(ids).length + 1}`, title: name, typeCode: 'manual', languageCode: 'en', products: [], downloadable: true,
        audience: 'everyone', access: [], description: '', resourceVersion: 'A', changeNote: '', status: 'published', ...extra } satisfies CreateDocumentMetadata;
      ids[name] = (await createDocument({ db: test.db, events: test.app.events }, metadata, upload)).id;
    };
    await add('pdf', 'wiring.pdf', await pdfBytes);
    await add('partnersOnly', 'partner.pdf', await generatePdf({ ...content, title: 'Partner price list' }), { audience: 'restricted', access: [{ kind: 'role', value: 'partner' }] });
    await add('docx', 'wiring.docx', await generateDocx(content));
    await add('image', 'photo.png', await generatePhoto('C7', 'png', 800, 400));
    await add('video', 'commissioning.mp4', await generateDemoVideo(test.app.previews.tools.ffmpeg, 2), { typeCode: 'video' });
  });
  afterAll(() => test.close());

  const get = async (url: string, user = testUsers.customer) => test.app.inject({ method: 'GET', url, headers: await test.authHeaders(user) });

  it('thumbnail: the type icon (not cached) until the job ran, then the page drawn 320 px wide; the URL is signed for the caller', async () => {
    const before = await get(`/api/Content/thumbnail?documentId=${ids.pdf}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    const icon = await test.app.inject({ method: 'GET', url: before.json().data });
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ width: 320, height: 400, format: 'png' });

    const version = await test.db.selectFrom('documents').select('currentVersionId').where('id', '=', ids.pdf).executeTakeFirstOrThrow();
    await previewJobHandlers(test.app.previews).thumbnail({ versionId: version.currentVersionId }, undefined as never);
    const after = await get(`/api/Content/thumbnail?documentId=${ids.pdf}`);
    expect(after.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(after.json().data).toMatch(/^\/files\/[\w-]+\.[\w-]+\/P1-A\.png$/);
    const thumbnail = await test.app.inject({ method: 'GET', url: after.json().data });
    expect(thumbnail.headers['content-type']).toBe('image/png');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 320, height: 453 });
  });

  it('thumbnail: 403 outside the audience, allowed inside it, 404 for an unknown document, 401 without a token', async () => {
    expect((await get(`/api/Content/thumbnail?documentId=${ids.partnersOnly}`, testUsers.customer)).statusCode).toBe(403);
    expect((await get(`/api/Content/thumbnail?documentId=${ids.partnersOnly}`, testUsers.partner)).statusCode).toBe(200);
    const missing = await get('/api/Content/thumbnail?documentId=nope');
    expect([missing.statusCode, missing.json().error]).toEqual([404, 'documentNotFound']);
    expect((await test.app.inject({ method: 'GET', url: `/api/Content/thumbnail?documentId=${ids.pdf}` })).statusCode).toBe(401);
  });

  it('videoPreview: a signed player page (no token needed) playing the video through a ranged signed URL', async () => {
    const response = await get(`/api/Content/videoPreview?videoName=Commissioning&applicationId=portal&documentId=${ids.video}`);
    expect(response.statusCode).toBe(200);
    const playerUrl: string = response.json();
    // Named after the document's title (`video`) as readers get it, not as uploaded (commissioning.mp4).
    expect(playerUrl).toMatch(/^\/player\/[\w-]+\.[\w-]+\/video\.mp4$/);

    const page = await test.app.inject({ method: 'GET', url: playerUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<video controls');
    const videoUrl = /<source src="([^"]+)" type="video\/mp4">/.exec(page.body)?.[1] ?? '';
    expect(videoUrl).toMatch(/^\/files\//);
    const ranged = await test.app.inject({ method: 'GET', url: videoUrl, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload).toHaveLength(100);

    const tampered = await test.app.inject({ method: 'GET', url: playerUrl.replace(/\.([\w-])/, '.x$1') });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.body).toContain('This video link has expired');
  });

  it('player: re-checks access at every opening, so neither a link nor its renewal opens once the document is unpublished or out of reach', async () => {
    const playerUrl: string = (await get(`/api/Content/videoPreview?documentId=${ids.video}`)).json();
    const page = await test.app.inject({ method: 'GET', url: playerUrl });
    const videoUrl = /<source src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    // The long-lived video URL, presented to the player as a link of its own.
    const renewal = `/player/${videoUrl.slice('/files/'.length)}`;
    expect((await test.app.inject({ method: 'GET', url: renewal })).statusCode).toBe(200);
    const setDocument = (values: { status?: 'published' | 'unpublished'; audience?: 'everyone' | 'restricted' }) =>
      test.db.updateTable('documents').set(values).where('id', '=', ids.video).execute();

    await setDocument({ status: 'unpublished' });
    for (const url of [playerUrl, renewal]) {
      const refused = await test.app.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('This video link has expired');
      expect(refused.body).not.toContain('<video');
    }
    await setDocument({ status: 'published', audience: 'restricted' });
    expect((await test.app.inject({ method: 'GET', url: renewal })).statusCode).toBe(403);
    await setDocument({ audience: 'everyone' });
    expect((await test.app.inject({ method: 'GET', url: renewal })).statusCode).toBe(200);
  });

  it('videoPreview: 422 noPreview for a document that is not a video, 403 outside the audience', async () => {
    const notVideo = await get(`/api/Content/videoPreview?documentId=${ids.image}`);
    expect([notVideo.statusCode, notVideo.json().error]).toEqual([422, 'noPreview']);
    expect((await get(`/api/Content/videoPreview?documentId=${ids.partnersOnly}`)).statusCode).toBe(403);
  });

  it('documentPreview: a PDF is answered as itself, an image has no PDF preview, 403 outside the audience', async () => {
    const pdf = await get(`/api/Content/documentPreview?applicationId=portal&documentId=${ids.pdf}&documentName=wiring.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(Buffer.from(await pdfBytes))).toBe(true);
    const image = await get(`/api/Content/documentPreview?documentId=${ids.image}`);
    expect([image.statusCode, image.json().error]).toEqual([422, 'noPreview']);
    expect((await get(`/api/Content/documentPreview?documentId=${ids.partnersOnly}`)).statusCode).toBe(403);
  });

  it.skipIf(skipOffice)('documentPreview: an Office document is converted on demand and answered as PDF bytes', async () => {
    const response = await get(`/api/Content/documentPreview?applicationId=portal&documentId=${ids.docx}&documentName=wiring.docx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''docx.pdf");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const version = await test.db
      .selectFrom('document_versions').select('previewPdfKey').innerJoin('documents', 'documents.currentVersionId', 'document_versions.id')
      .where('documents.id', '=', ids.docx).executeTakeFirstOrThrow();
    expect(version.previewPdfKey).not.toBeNull();
  });
});
