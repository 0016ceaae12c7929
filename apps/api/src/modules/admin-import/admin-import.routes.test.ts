import { mkdir, readdir, readFile, rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { makeNestedFolder, scannedTiff, type NestedFolder } from '../../test/fixtures/nested-folder.fixture.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { multipartBody, type MultipartPart } from '../../platform/uploads/multipart-body.ts';
import { insertImport } from './admin-import.repository.ts';
import { runUploadedImport } from './admin-import.runner.ts';
import { rawZip } from './raw-zip.fixture.ts';
import { removeStaleUploads } from './stale-uploads.ts';

// Issue 13 item 5: a zip or a folder imported from the browser, by the rules of `npm run import`.
const source: NestedFolder = await makeNestedFolder();
afterAll(() => rm(source.folder, { recursive: true, force: true }));

async function zipOf(folder: string, paths: string[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const path of paths) zip.addBuffer(await readFile(join(folder, path)), path);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const nestedZip = await zipOf(source.folder, [...source.importable, source.unreadable]);
const valvePdf = await generatePdf({ title: 'Valve V2 manual', subtitle: 'V2', sections: [{ heading: 'Air', paragraphs: ['Six bar.'] }] });
const tiff = await scannedTiff();

describe.each(await testDialects())('imports from the browser on %s', (dialect) => {
  let t: TestApp;
  let publisher: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    // The job runner runs: the imports go all the way through.
    t = await createTestApp(dialect, { SEED_DEMO: 'false', UPLOAD_MAX_BYTES: '5000000' });
    await t.db.insertInto('document_types').values({ code: 'manual', name: 'Manual' }).execute();
    await t.db.insertInto('products').values({ code: 'GRIP20', name: 'Servo gripper G20', family: 'grippers' }).execute();
    publisher = await t.authHeaders(testUsers.publisher);
    admin = await t.authHeaders(testUsers.admin);
  }, 60_000);
  afterAll(() => t.close());

  const send = (parts: MultipartPart[], headers = publisher) => {
    const body = multipartBody(parts);
    return t.app.inject({ method: 'POST', url: '/api/Admin/imports', payload: body.payload, headers: { ...body.headers, ...headers, 'user-agent': 'console' } });
  };
  const zipMetadata = { name: 'metadata', value: JSON.stringify({ kind: 'zip' }) };
  const sendZip = (zip: Uint8Array, headers = publisher) => send([zipMetadata, { name: 'file', filename: 'Document base.zip', content: zip, contentType: 'application/zip' }], headers);
  const folderMetadata = (paths: string[], source?: string) => ({ name: 'metadata', value: JSON.stringify({ kind: 'folder', paths, source }) });
  const leftovers = () => readdir(join(t.config.dataDir, 'imports')).catch(() => []);

  async function finished(id: string) {
    for (let attempt = 0; attempt < 900; attempt++) {
      const body = (await t.app.inject({ url: `/api/Admin/imports/${id}`, headers: publisher })).json();
      if (body.status === 'done' || body.status === 'failed') return body;
      await sleep(100);
    }
    throw new Error(`import ${id} did not finish`);
  }

  it('lets publishers and admins in; 403 for customers, partners and employees, 401 without a token', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [['POST', '/api/Admin/imports'], ['GET', '/api/Admin/imports'], ['GET', `/api/Admin/imports/${id}`], ['GET', `/api/Admin/imports/${id}/report.csv`]] as const) {
      for (const user of [testUsers.customer, testUsers.partner, testUsers.employee]) {
        expect((await t.app.inject({ method, url, headers: await t.authHeaders(user) })).statusCode, `${user.email} ${method} ${url}`).toBe(403);
      }
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
    for (const headers of [publisher, admin]) {
      expect((await t.app.inject({ url: '/api/Admin/imports', headers })).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/api/Admin/imports/${id}`, headers })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/Admin/imports/not-an-id', headers: admin })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/Admin/imports?pageSize=1000', headers: admin })).statusCode).toBe(400);
  });

  it('imports a zip of a nested document base as a job: progress, a report of every file, audit entries, CSV, no files left behind', async () => {
    const accepted = await sendZip(nestedZip);
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toMatchObject({ source: 'Document base.zip', kind: 'zip', status: 'queued', createdBy: 'publisher@demo.example' });
    const done = await finished(accepted.json().id);

    expect(done).toMatchObject({ status: 'done', error: null, progress: { done: source.importable.length + 1, total: source.importable.length + 1 } });
    expect(done.counts).toEqual({ added: source.importable.length, skipped: 0, refused: 1, failed: 0 });
    const outcomes = Object.fromEntries(done.report.files.map((file: { path: string; outcome: string }) => [file.path, file.outcome]));
    for (const path of source.importable) expect(outcomes[path], path).toBe('added');
    expect(done.report.files).toContainEqual(expect.objectContaining({ path: source.unreadable, outcome: 'refused', reason: "The file's content (unrecognised) does not match its extension .pdf." }));
    expect(done.report.ignoredFolders).toEqual(expect.arrayContaining([{ folder: 'Public corpus 2019', files: 4 }, { folder: 'Scans (old)', files: 2 }]));

    const versions = await t.db.selectFrom('document_versions').select(['fileName', 'mediaType']).execute();
    const mediaTypes = Object.fromEntries(versions.map((version) => [version.fileName, version.mediaType]));
    expect(mediaTypes).toMatchObject({ 'drawing 17.tiff': 'image/tiff', 'late header.pdf': 'application/pdf', 'D700_A_en_Gripper manual.pdf': 'application/pdf' });
    if (source.hasDoc) expect(mediaTypes['letter.doc']).toBe('application/msword');

    const audit = (await t.app.inject({ url: '/api/Admin/audit?action=import&pageSize=100', headers: admin })).json().entries;
    expect(audit).toHaveLength(source.importable.length);
    expect(audit[0]).toMatchObject({ actor: 'publisher@demo.example', userAgent: 'console', action: 'import' });

    const csv = await t.app.inject({ url: `/api/Admin/imports/${done.id}/report.csv`, headers: publisher });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="import-${done.id}.csv"`);
    expect(csv.body).toContain(`"${source.unreadable}","refused","The file's content (unrecognised) does not match its extension .pdf."`);
    expect(await leftovers()).toEqual([]);

    // The same zip again: every version is already there with the same bytes.
    const again = await finished((await sendZip(nestedZip)).json().id);
    expect(again.counts).toEqual({ added: 0, skipped: source.importable.length, refused: 1, failed: 0 });
    const list = (await t.app.inject({ url: '/api/Admin/imports?pageSize=1', headers: admin })).json();
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ id: again.id, status: 'done' }] });
    expect(list.items[0].report).toBeUndefined();
  });

  it('refuses a zip with a ../ entry, an absolute path or a symbolic link, and keeps nothing of it', async () => {
    const before = (await t.app.inject({ url: '/api/Admin/imports', headers: admin })).json().total;
    for (const name of ['../escape.pdf', 'docs/../../escape.pdf', '/tmp/escape.pdf']) {
      const response = await sendZip(rawZip([{ name: 'fine.pdf', data: valvePdf }, { name, data: valvePdf }]));
      expect([response.statusCode, response.json().error], name).toEqual([400, 'invalidParameters']);
    }
    const link = await sendZip(rawZip([{ name: 'passwd.pdf', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]));
    expect([link.statusCode, link.json().message]).toEqual([400, 'The zip entry "passwd.pdf" is a symbolic link.']);
    const bomb = await sendZip(rawZip([{ name: 'zeros.pdf', data: Buffer.alloc(6_000_000), deflate: true }]));
    expect(bomb.statusCode).toBe(413);
    expect((await sendZip(Buffer.from('not a zip'))).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/Admin/imports', headers: admin })).json().total).toBe(before);
    expect(await leftovers()).toEqual([]);
  });

  it('imports a folder sent file by file with its relative paths', async () => {
    const accepted = await send(
      [
        folderMetadata(['Valves (2020)/D800_A_en_Valve manual.pdf', 'GRIP20\\Scans/drawing 3.tif'], 'Customer docs'),
        { name: 'file', filename: 'D800_A_en_Valve manual.pdf', content: valvePdf },
        { name: 'file', filename: 'drawing 3.tif', content: tiff },
      ],
      admin,
    );
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toMatchObject({ source: 'Customer docs', kind: 'folder', createdBy: 'admin@demo.example' });
    const done = await finished(accepted.json().id);
    expect(done.report.files).toEqual([
      // The same scan's bytes came in with the zip above under another unnamed path: known by its content, not numbered again.
      expect.objectContaining({ path: 'GRIP20/Scans/drawing 3.tif', outcome: 'skipped' }),
      expect.objectContaining({ path: 'Valves (2020)/D800_A_en_Valve manual.pdf', outcome: 'added', created: 'document', serviceRef: 'D800', title: 'Valve manual' }),
    ]);
    const valve = await t.db.selectFrom('documents').select(['title', 'typeCode']).where('serviceRef', '=', 'D800').executeTakeFirstOrThrow();
    expect(valve).toEqual({ title: 'Valve manual', typeCode: 'manual' });
    expect(await leftovers()).toEqual([]);
  });

  it('reads the manifest.csv at the top of the folder, as npm run import -- <folder> --manifest does', async () => {
    const manifest = 'path,serviceRef,title,type,language,products,version\ndocs/valve.pdf,D900,Valve from the manifest,manual,de,GRIP20,B\n';
    const accepted = await send([
      folderMetadata(['manifest.csv', 'docs/valve.pdf']),
      { name: 'file', filename: 'manifest.csv', content: Buffer.from(manifest) },
      { name: 'file', filename: 'valve.pdf', content: valvePdf },
    ]);
    const done = await finished(accepted.json().id);
    expect(done).toMatchObject({ source: 'folder', report: { files: [{ path: 'docs/valve.pdf', outcome: 'added' }], notImportable: [] } });
    const valve = await t.db.selectFrom('documents').select(['title', 'languageCode']).where('serviceRef', '=', 'D900').executeTakeFirstOrThrow();
    expect(valve).toEqual({ title: 'Valve from the manifest', languageCode: 'de' });
  });

  it('records an import whose files are not on this host as failed, with the reason, and never runs it twice', async () => {
    const id = '11111111-2222-4333-8444-555555555555';
    const now = new Date().toISOString();
    await insertImport(t.db, {
      id, source: 'elsewhere.zip', kind: 'zip', status: 'queued', total: 3, report: null, error: null, createdBy: 'admin@demo.example', createdAt: now, updatedAt: now, finishedAt: null,
      audit: JSON.stringify({ actor: null, address: null, userAgent: null, source: 'import' }),
    });
    const deps = { db: t.db, events: t.app.events, storage: t.app.storage, maxBytes: 5_000_000, referenceScheme: 'D########', dataDir: t.config.dataDir, log: t.app.log };
    await expect(runUploadedImport(deps, id)).rejects.toThrow('The uploaded files are not on this host');
    const failed = (await t.app.inject({ url: `/api/Admin/imports/${id}`, headers: publisher })).json();
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining('not on this host'), report: null });
    expect(failed.finishedAt).not.toBeNull();
    expect((await t.app.inject({ url: `/api/Admin/imports/${id}/report.csv`, headers: publisher })).statusCode).toBe(409);
    await expect(runUploadedImport(deps, id)).resolves.toBeUndefined();
  });

  it('removes the temporary folders a stopped process left behind, not those of uploads in progress or imports still queued', async () => {
    const imports = join(t.config.dataDir, 'imports');
    const queued = '22222222-3333-4444-8555-666666666666';
    const now = new Date().toISOString();
    await insertImport(t.db, {
      id: queued, source: 'later.zip', kind: 'zip', status: 'queued', total: 1, report: null, error: null, createdBy: 'admin@demo.example', createdAt: now, updatedAt: now, finishedAt: null,
      audit: JSON.stringify({ actor: null, address: null, userAgent: null, source: 'import' }),
    });
    const old = new Date(Date.now() - 7 * 60 * 60_000);
    for (const name of ['cut-short', queued, 'receiving']) await mkdir(join(imports, name, 'files'), { recursive: true });
    for (const name of ['cut-short', queued]) await utimes(join(imports, name), old, old);
    expect(await removeStaleUploads(t.db, imports)).toEqual(['cut-short']);
    expect((await leftovers()).sort()).toEqual([queued, 'receiving'].sort());
    await t.db.deleteFrom('admin_imports').where('id', '=', queued).execute();
    for (const name of [queued, 'receiving']) await rm(join(imports, name), { recursive: true });
  });

  it('refuses a folder upload with a path leaving it, the same path twice, files and paths that do not pair up, or no metadata', async () => {
    const file = { name: 'file', filename: 'a.pdf', content: valvePdf };
    const cases: Array<[MultipartPart[], string]> = [
      [[folderMetadata(['../a.pdf']), file], 'The path "../a.pdf" leaves the folder.'],
      [[folderMetadata(['x/a.pdf', 'x//a.pdf']), file, file], 'The path "x/a.pdf" is there twice.'],
      [[folderMetadata(['a.pdf']), file, file], 'The upload holds more files than the 1 paths of its metadata.'],
      [[folderMetadata(['a.pdf', 'b.pdf']), file], 'The upload holds 1 files for the 2 paths of its metadata.'],
      [[file], 'Send the metadata field before the files.'],
      [[folderMetadata([])], 'The metadata has invalid fields.'],
      [[{ name: 'metadata', value: '{' }, file], 'The metadata field is not valid JSON.'],
      [[zipMetadata], 'The zip is missing.'],
      [[zipMetadata, { name: 'file', filename: 'empty.zip', content: rawZip([]) }], 'The zip holds no files.'],
    ];
    for (const [parts, message] of cases) {
      const response = await send(parts);
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/Admin/imports', payload: {}, headers: publisher });
    expect(json.statusCode).toBe(415);
    expect(await leftovers()).toEqual([]);
  });
});
