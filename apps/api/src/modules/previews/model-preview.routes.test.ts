import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateDocumentMetadata } from '@portal/contracts/admin-documents';
import { modelPreviewResponseSchema } from '@portal/contracts/previews';
import { previewJobHandlers } from '../../previews/preview-jobs.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { addVersion, createDocument } from '../admin-documents/admin-document.service.ts';
import { storeUpload } from '../admin-documents/index.ts';

const assembly = readFileSync(new URL('../../previews/testdata/assembly.step', import.meta.url));
const plate = readFileSync(new URL('../../previews/testdata/plate.stl', import.meta.url));

describe.each(await testDialects())('GET /api/Content/modelPreview on %s', (dialect) => {
  let test: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    test = await createTestApp(dialect, { JOB_CONCURRENCY: '0' });
    await ensureReferenceData(test.db);
    const add = async (name: string, fileName: string, bytes: Buffer, extra: Partial<CreateDocumentMetadata> = {}) => {
      const upload = await storeUpload(test.app.storage, Readable.from([bytes]), fileName, 50_000_000);
      const metadata = { serviceRef: `M${Object.keys(ids).length + 1}`, title: name, typeCode: 'model3d', languageCode: 'en', products: [], downloadable: true,
        audience: 'everyone', access: [], description: '', resourceVersion: 'A', changeNote: '', status: 'published', ...extra } satisfies CreateDocumentMetadata;
      ids[name] = (await createDocument({ db: test.db, events: test.app.events }, metadata, upload)).id;
    };
    await add('partnersOnly', 'gripper.step', assembly, { audience: 'restricted', access: [{ kind: 'role', value: 'partner' }] });
    await add('broken', 'broken.step', Buffer.from('ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n#1=GARBAGE(;\n'));
  });
  afterAll(() => test.close());

  const get = async (url: string, user = testUsers.partner) => test.app.inject({ method: 'GET', url, headers: await test.authHeaders(user) });
  const runModelJob = async (documentId: string) => {
    const { currentVersionId } = await test.db.selectFrom('documents').select('currentVersionId').where('id', '=', documentId).executeTakeFirstOrThrow();
    await previewJobHandlers(test.app.previews).modelPreview({ versionId: currentVersionId }, undefined as never).catch(() => undefined);
  };

  it('answers 404 until the job ran, then the signed GLB with the size; 403 outside the file\'s audience', async () => {
    const before = await get(`/api/Content/modelPreview?documentId=${ids.partnersOnly}`);
    expect(before.statusCode).toBe(404);
    await runModelJob(ids.partnersOnly!);
    expect((await get(`/api/Content/modelPreview?documentId=${ids.partnersOnly}`, testUsers.customer)).statusCode).toBe(403);
    const answer = await get(`/api/Content/modelPreview?documentId=${ids.partnersOnly}`);
    expect(answer.statusCode).toBe(200);
    const body = modelPreviewResponseSchema.parse(answer.json());
    expect(body.sizeMm).toEqual([40, 30, 25]);
    expect(body.data).toMatch(/^\/files\/[\w-]+\.[\w-]+\/gripper\.glb$/);
    const glb = await test.app.inject({ method: 'GET', url: body.data });
    expect(glb.statusCode).toBe(200);
    expect(glb.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
    const tampered = body.data.replace(/\.(.)/, (_match, char: string) => `.${char === 'A' ? 'B' : 'A'}`);
    expect((await test.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
  });

  it('answers an earlier version\'s model when asked by versionId (to compare), and 404 for a version of another document', async () => {
    const first = (await test.db.selectFrom('documents').select('currentVersionId').where('id', '=', ids.partnersOnly!).executeTakeFirstOrThrow()).currentVersionId!;
    const upload = await storeUpload(test.app.storage, Readable.from([plate]), 'gripper.stl', 50_000_000);
    await addVersion({ db: test.db, events: test.app.events }, ids.partnersOnly!, { resourceVersion: 'B', changeNote: 'Plate only', significant: true }, upload);
    await runModelJob(ids.partnersOnly!);
    const current = modelPreviewResponseSchema.parse((await get(`/api/Content/modelPreview?documentId=${ids.partnersOnly}`)).json());
    const earlier = modelPreviewResponseSchema.parse((await get(`/api/Content/modelPreview?documentId=${ids.partnersOnly}&versionId=${first}`)).json());
    expect(earlier.sizeMm).toEqual([40, 30, 25]);
    expect(current.sizeMm).not.toEqual(earlier.sizeMm);
    expect((await get(`/api/Content/modelPreview?documentId=${ids.broken}&versionId=${first}`, testUsers.customer)).statusCode).toBe(404);
    expect((await get(`/api/Content/modelPreview?documentId=${ids.partnersOnly}&versionId=${first}`, testUsers.customer)).statusCode).toBe(403);
  });

  it('answers 404 with the reason when no preview can be made', async () => {
    await runModelJob(ids.broken!);
    const answer = await get(`/api/Content/modelPreview?documentId=${ids.broken}`, testUsers.customer);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toContain('preview not available');
  });
});
