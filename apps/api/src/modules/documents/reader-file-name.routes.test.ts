import { beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../platform/delivery/zip-reader.ts';
import { insertDocument, users } from '../../test/document-fixtures.ts';
import { testDialects } from '../../test/test-databases.ts';
import { contentRoutesApp } from './content-routes.fixture.ts';

// Issue 32: the upload `arm6-revD.pdf` showed under a customer's favourite.
const uploaded = 'arm6-revD.pdf';
const derived = 'Arm 6 operating manual rev D.pdf';

describe.each(await testDialects())('the file name readers get on %s', (dialect) => {
  const app = contentRoutesApp(dialect);
  const { get, post, stored } = app;

  beforeAll(async () => {
    await insertDocument(app.t.db, {
      id: 'arm6',
      serviceRef: 'ARM6',
      title: 'Arm 6 operating manual\u202e: rev/D',
      versions: [{ resourceVersion: 'A', ...(await stored(uploaded)) }],
    });
  });

  const withoutUpload = (text: string) => {
    expect(text).not.toContain('arm6-revD');
  };

  it('names the document and its versions after the title in the reader answers', async () => {
    const byRef = await get(users.customer, '/api/Content/documentByServiceRef?serviceRef=ARM6');
    expect(byRef.json()).toMatchObject({ id: 'arm6', fileName: derived });
    withoutUpload(byRef.body);
    const data = await get(users.customer, '/api/Content/documentData?documentId=arm6');
    expect(data.json()).toMatchObject({ versions: [{ fileName: derived }], revisions: [{ fileName: derived }] });
    withoutUpload(data.body);
    // Staff reading the portal are readers too.
    withoutUpload((await get(users.employee, '/api/Content/documentData?documentId=arm6')).body);
  });

  it('names the favourite so', async () => {
    const headers = await app.t.authHeaders(users.customer);
    const added = await app.t.app.inject({ method: 'PUT', url: '/api/Favorites/document/arm6', headers });
    expect(added.json()).toMatchObject({ document: { fileName: derived } });
    const list = await app.t.app.inject({ url: '/api/Favorites', headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(derived);
    withoutUpload(list.body);
  });

  it('downloads, previews and zips under that name, and shows it in the download history', async () => {
    const [{ downloadUrl }] = (await post(users.customer, '/api/Content/download', ['arm6'])).json();
    withoutUpload(downloadUrl);
    const file = await app.t.app.inject({ url: downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${derived}"; filename*=UTF-8''${encodeURIComponent(derived)}`);
    const preview = await app.t.app.inject({ url: (await get(users.customer, '/api/Content/pdfPreview?documentId=arm6')).json().downloadUrl });
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="Arm 6 operating manual rev D.pdf"/);
    const zip = await get(users.customer, '/api/Content/downloadZip?filePath=documents/ARM6/A');
    expect(zip.statusCode).toBe(200);
    expect(readZip(zip.rawPayload).map((entry) => entry.name)).toEqual([`ARM6-A/${derived}`]);
    const history = await get(users.customer, '/api/Downloads/history?kind=document');
    const names = history.json().items.filter((item: { itemRef: string }) => item.itemRef === 'ARM6').map((item: { fileName: string; isZip: boolean }) => [item.fileName, item.isZip]);
    expect(names.sort()).toEqual([['ARM6-A.zip', true], [derived, false]]);
    withoutUpload(history.body);
  });

  it('keeps the uploaded name in the publishing console and the download record', async () => {
    const console = await get(users.admin, '/api/Admin/documents/arm6');
    expect(console.statusCode).toBe(200);
    expect(console.json().versions).toEqual([expect.objectContaining({ fileName: uploaded })]);
    const records = await app.t.db.selectFrom('download_records').select('fileName').where('itemId', '=', 'arm6').where('versionId', '=', 'arm6-A').execute();
    expect(records.map((record) => record.fileName)).toContain(uploaded);
  });
});
