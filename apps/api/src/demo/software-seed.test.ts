import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import { demoSoftware } from './software-demo-data.ts';
import { seedSoftware } from './software-seed.ts';

describe.each(await testDialects())('software demo seed on %s', (dialect) => {
  let t: TestApp;
  let added: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { SEED_DEMO: 'false' });
    added = await seedSoftware({ db: t.db, events: t.app.events, storage: t.app.storage });
  }, 120_000);
  afterAll(() => t.close());

  const get = async (url: string, user = testUsers.customer) => (await t.app.inject({ url, headers: await t.authHeaders(user) })).json();

  it('adds every demo item with its versions, newest first, and a restricted item and beta for partners', async () => {
    expect(added).toBe(demoSoftware.length);
    const customerList = await get('/api/Software?pageSize=100');
    expect(customerList.total).toBe(demoSoftware.length - 1);
    expect((await get('/api/Software?pageSize=100', testUsers.partner)).total).toBe(demoSoftware.length);
    const c7 = await get('/api/Software/CTRL7');
    expect(c7.versions.map((version: { number: string }) => version.number)).toEqual(['3.6.1', '3.5.0', '3.4.2']);
    expect((await get('/api/Software/CTRL7', testUsers.partner)).versions[0].number).toBe('4.0.0-beta.2');
  });

  it('stores generated files of the declared sizes whose bytes match their sha256', async () => {
    const c7 = await get('/api/Software/CTRL7');
    const [image, notes] = [...c7.versions[0].files].sort((a: { size: number }, b: { size: number }) => b.size - a.size);
    expect(image).toMatchObject({ fileName: 'c7-firmware-3.6.1.bin', size: 2400 * 1024 });
    expect(notes).toMatchObject({ fileName: 'c7-firmware-3.6.1-installation.txt', size: 64 * 1024, mediaType: 'text/plain' });
    const row = await t.db.selectFrom('software_files').selectAll().where('id', '=', image.id).executeTakeFirstOrThrow();
    const bytes = await buffer(await t.app.storage.read(row.storageKey));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(image.sha256);
    expect(bytes.subarray(0, 26).toString()).toBe('Controller C7 firmware 3.6');
  });

  it('makes each version’s release notes a PDF document the software page links to', async () => {
    const c7 = await get('/api/Software/CTRL7');
    // Readers get the notes under the title's name, not the uploaded one (CTRL7-3.6.1-release-notes.pdf).
    expect(c7.versions[0].releaseNotes).toMatchObject({ serviceRef: 'RNCTRL7V361', fileName: 'Controller C7 firmware 3.6.1 release notes.pdf' });
    const document = await get(`/api/Software/CTRL7/documentation/${encodeURIComponent(c7.versions[0].releaseNotes.fileName)}`);
    expect(document).toMatchObject({ title: 'Controller C7 firmware 3.6.1: release notes', mediaType: 'application/pdf' });
    const row = await t.db.selectFrom('documents').select(['typeCode', 'audience']).where('serviceRef', '=', 'RNCTRL7V400BETA2').executeTakeFirstOrThrow();
    expect(row).toEqual({ typeCode: 'releaseNotes', audience: 'restricted' });
  });

  it('adds nothing when run again, and completes a partly seeded catalogue', async () => {
    expect(await seedSoftware({ db: t.db, events: t.app.events, storage: t.app.storage })).toBe(0);
    await t.db.deleteFrom('software_items').where('equipmentName', '=', 'TC-Link').execute();
    const documents = await t.db.selectFrom('documents').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(await seedSoftware({ db: t.db, events: t.app.events, storage: t.app.storage })).toBe(1);
    const after = await t.db.selectFrom('documents').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    // The release notes of the re-added item were found again, not duplicated.
    expect(Number(after.n)).toBe(Number(documents.n));
    expect((await get('/api/Software/TC-Link')).versions).toHaveLength(2);
  });
});
