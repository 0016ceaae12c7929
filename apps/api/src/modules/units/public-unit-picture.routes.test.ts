import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, type FixtureDocument, type FixtureVersion } from '../../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { storeFile } from '../../platform/storage/store-file.ts';
import { seedUnitFixtures } from './units.fixture.ts';

/*
 * The model's picture on the public identification page: the thumbnail of the newest published product photo
 * for everyone whose rules match the unit, and nothing else. Photos that must never show are all newer than the
 * right one, so any leak would be picked: restricted to GLOBEX, unpublished, withdrawn, a newer withdrawn version,
 * a manual with a thumbnail, a photo that is no image, and a photo whose thumbnail is not made yet.
 */

describe.each(await testDialects())('public unit picture on %s', (dialect) => {
  let t: TestApp;
  const thumbnails = new Map<string, Buffer>();

  /** A product photo (or another document) whose versions have a stored thumbnail named after them. */
  async function photo(fixture: FixtureDocument & { versions: Array<FixtureVersion & { publishedAt: string }> }, rendered = true) {
    const versions = [];
    for (const version of fixture.versions) {
      const id = `${fixture.id}-${version.resourceVersion}`;
      const content = Buffer.from(`\x89PNG thumbnail of ${id}`);
      const stored = await storeFile(t.app.storage, { fileName: `${id}.png`, content, mediaType: 'image/png' });
      thumbnails.set(id, content);
      versions.push({ fileName: `${id}.jpg`, mediaType: 'image/jpeg', thumbnailKey: rendered ? stored.storageKey : null, ...version });
    }
    await insertDocument(t.db, { typeCode: 'productPhoto', title: `Photo ${fixture.id}`, ...fixture, versions });
  }

  const apply = async (documentIds: string[]) => {
    const headers = await t.authHeaders(testUsers.admin);
    for (const documentId of documentIds) {
      const response = await t.app.inject({ method: 'PUT', url: `/api/Admin/units/applicability/${documentId}`, headers, payload: { rules: [{ product: 'R100' }] } });
      expect(response.statusCode).toBe(200);
    }
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { MAKER_NAME: 'Acme Robotics' });
    await seedUnitFixtures(t);
    const at = (date: string) => `${date}T09:00:00.000Z`;
    await photo({ id: 'photo-old', versions: [{ resourceVersion: 'A', publishedAt: at('2025-01-01') }] });
    await photo({ id: 'photo-new', versions: [{ resourceVersion: 'A', publishedAt: at('2025-06-01') }, { resourceVersion: 'B', publishedAt: at('2026-04-01'), status: 'unpublished' }] });
    await photo({ id: 'photo-globex', audience: 'restricted', rules: [{ kind: 'account', value: 'GLOBEX' }], versions: [{ resourceVersion: 'A', publishedAt: at('2026-02-01') }] });
    await photo({ id: 'photo-draft', status: 'unpublished', versions: [{ resourceVersion: 'A', publishedAt: at('2026-02-02'), status: 'unpublished' }] });
    await photo({ id: 'photo-withdrawn', status: 'unpublished', currentVersionId: null, versions: [{ resourceVersion: 'A', publishedAt: at('2026-02-03'), status: 'unpublished' }] });
    await photo({ id: 'manual-thumb', typeCode: 'manual', versions: [{ resourceVersion: 'A', publishedAt: at('2026-02-04') }] });
    // Not an image: its thumbnail may be a type icon.
    await photo({ id: 'photo-step', versions: [{ resourceVersion: 'A', publishedAt: at('2026-02-05'), fileName: 'photo-step.step' }] });
    // Rules on the hidden ones only, first; the tests add the others.
    await apply(['photo-globex', 'photo-draft', 'photo-withdrawn', 'manual-thumb', 'photo-step']);
  });
  afterAll(() => t.close());

  const from = (remoteAddress: string) => (url: string) => t.app.inject({ url, remoteAddress });

  it('has no picture while only restricted, unpublished or withdrawn photos and other documents apply: the same 404 as an unknown serial', async () => {
    const get = from('192.0.2.40');
    expect((await get('/public/units/R100-0001')).json().model).toEqual({ code: 'R100', name: 'Robot R100', pictureUrl: null });
    const unknown = await get('/public/units/R100-9999/picture');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'notFound' });
    for (const serial of ['R100-0001', 'R100-0300']) {
      const response = await get(`/public/units/${serial}/picture`);
      expect(response.statusCode, serial).toBe(404);
      expect(response.body, serial).toBe(unknown.body);
    }
    expect((await get('/public/units/bad%20serial!/picture')).statusCode).toBe(400);
  });

  it("serves the newest published everyone photo's thumbnail for a known serial, through a short-lived signed URL", async () => {
    await apply(['photo-old', 'photo-new']);
    const get = from('192.0.2.41');
    const unit = (await get('/public/units/R100-0300')).json();
    expect(unit.model).toEqual({ code: 'R100', name: 'Robot R100', pictureUrl: '/public/units/R100-0300/picture' });
    const redirect = await get(unit.model.pictureUrl);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('no-store');
    const file = await get(String(redirect.headers.location));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(thumbnails.get('photo-new-A')!)).toBe(true);
    // Only the thumbnail: neither the photo's own file nor its title reaches a signed-out visitor.
    expect(unit.declarations).toEqual([]);
    for (const secret of ['photo-', 'Photo ', '.jpg']) expect(JSON.stringify(unit)).not.toContain(secret);
    expect((await get('/public/units/R100-9999')).json().model).toBeNull();
    expect((await get('/public/units/R100-9999/picture')).statusCode).toBe(404);
  });

  it('shows no picture while the newest photo has no thumbnail yet (a type icon is no picture of the model)', async () => {
    await photo({ id: 'photo-pending', versions: [{ resourceVersion: 'A', publishedAt: '2026-03-01T09:00:00.000Z' }] }, false);
    await apply(['photo-pending']);
    const get = from('192.0.2.42');
    expect((await get('/public/units/R100-0001')).json().model.pictureUrl).toBeNull();
    expect((await get('/public/units/R100-0001/picture')).statusCode).toBe(404);
  });

  it('counts pictures in the public limit of 60 a minute per address', async () => {
    const get = from('198.51.100.40');
    for (let call = 1; call <= 60; call++) expect((await get('/public/units/R100-0001/picture')).statusCode, `call ${call}`).toBeLessThan(429);
    const refused = await get('/public/units/R100-0001/picture');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rateLimited' });
    expect((await get('/public/units/R100-0001')).statusCode).toBe(429);
    expect((await from('198.51.100.41')('/public/units/R100-9999/picture')).statusCode).toBe(404);
  });
});
