import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePhoto } from '../../demo/generate-media.ts';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertCadLibrary } from '../cad/index.ts';
import { multipartBody, type MultipartPart } from '../../platform/uploads/multipart-body.ts';

const firmware = randomBytes(30_000);
const pngBytes = await generatePhoto('not an installer', 'png', 60, 40);

describe.each(await testDialects())('admin software and CAD library routes on %s', (dialect) => {
  let t: TestApp;
  let libraryId: string;
  let restrictedLibraryId: string;

  beforeAll(async () => {
    // No job runner: the tests look at the queued alert jobs, not at their results.
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', UPLOAD_MAX_BYTES: String(100_000) });
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'rn-21', title: 'RC9 2.1 release notes', typeCode: 'manual' });
    ({ libraryId } = await insertCadLibrary(t.db, t.app.storage, {
      cadTool: 'SOLIDWORKS', name: 'Grippers for SOLIDWORKS', productCodes: ['G20'],
      versions: [{ version: '1.0', releaseDate: '2024-01-01', files: [{ fileName: 'grippers-1.0.SLDPRT', content: 'v1' }] }],
    }));
    ({ libraryId: restrictedLibraryId } = await insertCadLibrary(t.db, t.app.storage, {
      cadTool: 'EPLAN Electric P8', name: 'Controller macros', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }], versions: [],
    }));
  });
  afterAll(() => t.close());

  const send = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object, user: TestUserInput = testUsers.publisher) =>
    t.app.inject({ method, url, payload: body as Record<string, unknown> | undefined, headers: await t.authHeaders(user) });
  async function upload(url: string, parts: MultipartPart[], user: TestUserInput = testUsers.publisher) {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(await t.authHeaders(user)) } });
  }
  const metadata = (value: object): MultipartPart => ({ name: 'metadata', value: JSON.stringify(value) });
  const file = (filename: string, content: Uint8Array | string): MultipartPart => ({ name: 'file', filename, content: typeof content === 'string' ? Buffer.from(content) : content });
  const auditOf = (kind: string, id: string) =>
    t.db.selectFrom('audit_entries').select(['action', 'actor', 'before', 'after']).where('objectKind', '=', kind).where('objectId', '=', id).orderBy('seq').execute();
  const jobsOf = (kind: string) => t.db.selectFrom('jobs').select(['payload', 'status']).where('kind', '=', kind).execute();

  const item = { equipmentName: 'RC9', name: 'RC9 controller firmware', category: 'firmware', description: 'Firmware of the RC9', compatibleEquipment: ['R100'] };
  let itemId: string;

  it('lets a publisher create a software item, audited, and lists it for staff', async () => {
    const response = await send('POST', '/api/Admin/software', item);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ ...item, audience: 'everyone', access: [], versions: [] });
    itemId = created.id;
    expect(await auditOf('software', itemId)).toEqual([
      expect.objectContaining({ action: 'publish', actor: testUsers.publisher.email.toLowerCase() }),
    ]);
    const list = await send('GET', '/api/Admin/software', undefined, testUsers.admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((entry: { equipmentName: string }) => entry.equipmentName)).toEqual(['RC9']);
    expect((await send('GET', `/api/Admin/software/${itemId}`)).json()).toEqual(created);
    expect((await send('GET', '/api/Admin/software/nope')).statusCode).toBe(404);
  });

  it('refuses customers (403) and anonymous callers (401) on every route, writing nothing', async () => {
    const routes: Array<['GET' | 'POST' | 'PATCH', string]> = [
      ['GET', '/api/Admin/software'],
      ['GET', `/api/Admin/software/${itemId}`],
      ['POST', '/api/Admin/software'],
      ['PATCH', `/api/Admin/software/${itemId}`],
      ['POST', `/api/Admin/software/${itemId}/versions`],
      ['PATCH', `/api/Admin/software/${itemId}/versions/v`],
      ['GET', '/api/Admin/cad/libraries'],
      ['POST', `/api/Admin/cad/libraries/${libraryId}/versions`],
      ['POST', '/api/Admin/cad/catalogue'],
    ];
    for (const [method, url] of routes) {
      const body = method === 'GET' ? undefined : { name: 'x' };
      for (const user of [testUsers.customer, testUsers.partner, testUsers.employee]) expect((await send(method, url, body, user)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url, payload: body })).statusCode, `${method} ${url}`).toBe(401);
    }
    const versioned = await upload(`/api/Admin/software/${itemId}/versions`, [metadata({ versionNumber: '9.9', releaseDate: '2025-01-01', status: 'current' }), file('x.bin', firmware)], testUsers.customer);
    expect(versioned.statusCode).toBe(403);
    expect(await t.db.selectFrom('software_versions').select('id').execute()).toEqual([]);
  });

  it('answers 400 listing every invalid field and unknown product, and 409 for a used equipment name', async () => {
    const invalid = await send('POST', '/api/Admin/software', { equipmentName: '../etc', category: '', compatibleEquipment: 'R100' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.map((detail: { path: string }) => detail.path).sort()).toEqual(['body.category', 'body.compatibleEquipment', 'body.equipmentName', 'body.name']);
    const unknown = await send('POST', '/api/Admin/software', { ...item, equipmentName: 'RC10', compatibleEquipment: ['R100', 'NOPE', 'ALSO-NOT'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      { path: 'compatibleEquipment.1', message: 'unknown product "NOPE"' },
      { path: 'compatibleEquipment.2', message: 'unknown product "ALSO-NOT"' },
    ]);
    const taken = await send('POST', '/api/Admin/software', item);
    expect(taken.statusCode).toBe(409);
    expect((await send('PATCH', '/api/Admin/software/nope', { name: 'x' })).statusCode).toBe(404);
    expect((await send('PATCH', `/api/Admin/software/${itemId}`, {})).statusCode).toBe(400);
  });

  let version21: string;

  it('publishes a version with several files: audited, the alert job queued, visible to the customer', async () => {
    const first = await upload(`/api/Admin/software/${itemId}/versions`, [
      metadata({ versionNumber: '2.0', releaseDate: '2025-01-10', status: 'current' }),
      file('rc9-2.0.bin', randomBytes(2000)),
    ]);
    expect(first.statusCode).toBe(201);
    const response = await upload(
      `/api/Admin/software/${itemId}/versions`,
      [
        metadata({ versionNumber: '2.1', releaseDate: '2025-06-01', status: 'current', releaseNotesDocumentId: 'rn-21', changeNote: 'Faster boot' }),
        file('C:\\builds\\rc9-2.1.bin', firmware),
        file('readme\u202Etxt.exe.txt', 'Flash with the PC tool.'),
      ],
      testUsers.admin,
    );
    expect(response.statusCode).toBe(201);
    const updated = response.json();
    const [newest, older] = updated.versions;
    version21 = newest.id;
    expect(newest).toMatchObject({ versionNumber: '2.1', status: 'current', releaseNotesDocumentId: 'rn-21', audience: 'everyone', totalSize: firmware.length + 23 });
    expect(newest.files.map((entry: { fileName: string; mediaType: string }) => [entry.fileName, entry.mediaType])).toEqual([
      ['rc9-2.1.bin', 'application/octet-stream'],
      ['readmetxt.exe.txt', 'text/plain'],
    ]);
    expect(older).toMatchObject({ versionNumber: '2.0', status: 'previous' });

    const jobs = await jobsOf('alerts.fanOutSoftware');
    expect(jobs.map((job) => JSON.parse(job.payload).versionId).sort()).toEqual([older.id, newest.id].sort());
    const entries = await auditOf('software', itemId);
    expect(entries.map((entry) => entry.action)).toEqual(['publish', 'version', 'version']);
    expect(JSON.parse(entries[2]!.after!)).toMatchObject({ changeNote: 'Faster boot', demoted: [older.id], version: { versionNumber: '2.1' } });

    const seen = await send('GET', '/api/Software/RC9', undefined, testUsers.customer);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().versions.map((entry: { number: string; status: string }) => [entry.number, entry.status])).toEqual([['2.1', 'current'], ['2.0', 'previous']]);
    expect(seen.json().versions[0].releaseNotes).toMatchObject({ documentId: 'rn-21' });
  });

  it('refuses bad version uploads before storing, and files whose content or name is wrong', async () => {
    const url = `/api/Admin/software/${itemId}/versions`;
    const good = { versionNumber: '3.0', releaseDate: '2025-07-01', status: 'beta' };
    const invalid = await upload(url, [metadata({ versionNumber: '3 0', releaseDate: '2025-13-01', status: 'withdrawn' }), file('a.bin', firmware)]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.map((detail: { path: string }) => detail.path).sort()).toEqual(['releaseDate', 'status', 'versionNumber']);
    const duplicate = await upload(url, [metadata({ ...good, versionNumber: '2.1' }), file('a.bin', firmware)]);
    expect(duplicate.statusCode).toBe(409);
    const noNotes = await upload(url, [metadata({ ...good, releaseNotesDocumentId: 'missing' }), file('a.bin', firmware)]);
    expect(noNotes.json()).toMatchObject({ error: 'invalidParameters', details: [{ path: 'releaseNotesDocumentId', message: 'no document has the id "missing"' }] });
    expect((await upload('/api/Admin/software/nope/versions', [metadata(good), file('a.bin', firmware)])).statusCode).toBe(404);
    const disguised = await upload(url, [metadata(good), file('setup.exe', pngBytes)]);
    expect(disguised.statusCode).toBe(415);
    const pngAsFirmware = await upload(url, [metadata(good), file('image.bin', pngBytes)]);
    expect(pngAsFirmware.statusCode).toBe(415);
    const sameName = await upload(url, [metadata(good), file('a.bin', firmware), file('A.BIN', randomBytes(10))]);
    expect(sameName.json()).toMatchObject({ error: 'invalidParameters', message: 'Two files are named A.BIN.' });
    const noFile = await upload(url, [metadata(good)]);
    expect(noFile.json()).toMatchObject({ error: 'invalidParameters' });
    const fileFirst = await upload(url, [file('a.bin', firmware), metadata(good)]);
    expect(fileFirst.statusCode).toBe(400);
    const tooLarge = await upload(url, [metadata(good), file('big.bin', randomBytes(100_001))]);
    expect(tooLarge.statusCode).toBe(413);
    const noName = await upload(url, [metadata(good), file('..', firmware)]);
    expect(noName.statusCode).toBe(400);
    const notMultipart = await send('POST', url, good);
    expect(notMultipart.statusCode).toBe(415);
    expect((await t.db.selectFrom('software_versions').select('versionNumber').where('itemId', '=', itemId).execute()).map((row) => row.versionNumber).sort()).toEqual(['2.0', '2.1']);
  });

  it('withdraws a version from customers by its audience, and edits its status and the item, audited', async () => {
    const restricted = await send('PATCH', `/api/Admin/software/${itemId}/versions/${version21}`, { audience: 'restricted', access: [], changeNote: 'Boot loop on R100' });
    expect(restricted.statusCode).toBe(200);
    expect(restricted.json().versions[0]).toMatchObject({ id: version21, audience: 'restricted' });
    const seen = (await send('GET', '/api/Software/RC9', undefined, testUsers.customer)).json();
    expect(seen.versions.map((entry: { number: string }) => entry.number)).toEqual(['2.0']);
    const staff = (await send('GET', '/api/Admin/software')).json();
    expect(staff.items[0].versions).toHaveLength(2);

    const beta = await send('PATCH', `/api/Admin/software/${itemId}/versions/${version21}`, { status: 'beta', access: [{ kind: 'role', value: 'partner' }] });
    expect(beta.json().versions[0]).toMatchObject({ status: 'beta', access: [{ kind: 'role', value: 'partner', expiresAt: null }] });
    expect((await send('PATCH', `/api/Admin/software/${itemId}/versions/nope`, { status: 'beta' })).statusCode).toBe(404);
    expect((await send('PATCH', `/api/Admin/software/${itemId}/versions/${version21}`, { changeNote: 'only a note' })).statusCode).toBe(400);

    // Each change that may widen who sees the version announces it again; the fan-out tells only those not told yet.
    const announced = (await jobsOf('alerts.fanOutSoftware')).filter((job) => JSON.parse(job.payload).versionId === version21);
    expect(announced).toHaveLength(3);

    const renamed = await send('PATCH', `/api/Admin/software/${itemId}`, { name: 'RC9 firmware', compatibleEquipment: ['R100', 'G20'] });
    expect(renamed.json()).toMatchObject({ name: 'RC9 firmware', compatibleEquipment: ['R100', 'G20'] });

    const entries = (await auditOf('software', itemId)).slice(3);
    expect(entries.map((entry) => [entry.action, JSON.parse(entry.before!), JSON.parse(entry.after!)])).toEqual([
      ['audience', { versionId: version21, audience: 'everyone' }, { versionId: version21, audience: 'restricted', changeNote: 'Boot loop on R100' }],
      ['edit', { versionId: version21, status: 'current' }, { versionId: version21, status: 'beta', changeNote: '' }],
      ['audience', { versionId: version21, access: [] }, { versionId: version21, access: [{ kind: 'role', value: 'partner', expiresAt: null }], changeNote: '' }],
      ['edit', { name: 'RC9 controller firmware', compatibleEquipment: ['R100'] }, { name: 'RC9 firmware', compatibleEquipment: ['R100', 'G20'] }],
    ]);
  });

  it('lists every CAD library for staff and publishes a library version: audited, alert job queued, visible to the customer', async () => {
    const list = await send('GET', '/api/Admin/cad/libraries');
    expect(list.statusCode).toBe(200);
    expect(list.json().libraries.map((library: { id: string }) => library.id)).toEqual([restrictedLibraryId, libraryId]);

    const native = Buffer.concat([Buffer.from('SOLIDWORKS part'), randomBytes(5000)]);
    const response = await upload(`/api/Admin/cad/libraries/${libraryId}/versions`, [
      metadata({ version: '2.0', releaseDate: '2025-03-01', notes: 'Adds G30' }),
      file('grippers-2.0.SLDPRT', native),
      file('grippers-2.0.stp', 'ISO-10303-21;\nHEADER;\nENDSEC;\n'),
    ]);
    expect(response.statusCode).toBe(201);
    const library = response.json();
    expect(library.versions[0]).toMatchObject({ version: '2.0', notes: 'Adds G30', totalSize: native.length + Buffer.byteLength('ISO-10303-21;\nHEADER;\nENDSEC;\n') });
    expect(library.versions[0].files.map((entry: { mediaType: string }) => entry.mediaType)).toEqual(['application/octet-stream', 'model/step']);
    const [job] = await jobsOf('alerts.fanOutCad');
    expect(JSON.parse(job!.payload)).toEqual({ versionId: library.versions[0].id });
    expect((await auditOf('cad-library', libraryId)).map((entry) => entry.action)).toEqual(['version']);

    const { tools } = (await send('GET', '/api/Cad/partnerLibraries', undefined, testUsers.customer)).json();
    expect(tools[0].libraries[0].versions.map((version: { version: string }) => version.version)).toEqual(['2.0', '1.0']);

    const again = await upload(`/api/Admin/cad/libraries/${libraryId}/versions`, [metadata({ version: '2.0', releaseDate: '2025-03-01' }), file('x.stp', 'ISO-10303-21;')]);
    expect(again.statusCode).toBe(409);
    const missing = await upload('/api/Admin/cad/libraries/nope/versions', [metadata({ version: '2.0', releaseDate: '2025-03-01' }), file('x.stp', 'ISO-10303-21;')]);
    expect(missing.statusCode).toBe(404);
    const badMetadata = await upload(`/api/Admin/cad/libraries/${libraryId}/versions`, [metadata({ version: '', releaseDate: 'soon' }), file('x.stp', 'ISO-10303-21;')]);
    expect(badMetadata.json().details.map((detail: { path: string }) => detail.path).sort()).toEqual(['releaseDate', 'version']);
  });
});
