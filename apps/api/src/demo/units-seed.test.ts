import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import { seedCad } from './cad-seed.ts';
import { demoCatalog } from './demo-catalog.ts';
import { ensureReferenceData } from './reference-data.ts';
import { seedUnits } from './units-seed.ts';

describe.each(await testDialects())('units demo seed on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { SEED_DEMO: 'false' });
    await ensureReferenceData(t.db);
    await seedCad({ db: t.db, storage: t.app.storage });
    // The ARM-6 manual as the document seed makes it (service reference and release dates).
    await insertDocument(t.db, {
      id: 'arm6-manual', serviceRef: 'D28092504', products: ['ARM6'],
      versions: [
        { resourceVersion: 'A', publishedAt: '2025-03-03T09:00:00.000Z' },
        { resourceVersion: 'B', publishedAt: '2025-10-14T09:00:00.000Z' },
        { resourceVersion: 'C', publishedAt: '2026-05-19T09:00:00.000Z' },
      ],
    });
    // The ARM-6 product photo as the document seed makes it, its thumbnail made.
    const photo = demoCatalog().find((document) => document.typeCode === 'productPhoto' && document.products.join() === 'ARM6')!;
    await insertDocument(t.db, {
      id: 'arm6-photo', serviceRef: photo.serviceRef, typeCode: 'productPhoto', products: ['ARM6'],
      versions: [{ resourceVersion: 'A', fileName: 'ARM6_photo.jpg', mediaType: 'image/jpeg', thumbnailKey: 'thumb-arm6', publishedAt: '2025-03-03T09:00:00.000Z' }],
    });
    // The ARM-6 declaration of conformity as the document seed makes it.
    const declaration = demoCatalog().find((document) => document.typeCode === 'declarationOfConformity' && document.products.join() === 'ARM6')!;
    await insertDocument(t.db, {
      id: 'arm6-declaration', serviceRef: declaration.serviceRef, typeCode: 'declarationOfConformity', products: ['ARM6'],
      versions: [{ resourceVersion: 'A', fileName: 'ARM6_declaration_of_conformity.pdf', publishedAt: '2025-03-03T09:00:00.000Z' }],
    });
    expect(await seedUnits({ db: t.db, events: t.app.events, storage: t.app.storage })).toBe(6);
  }, 120_000);
  afterAll(() => t.close());

  const get = async (url: string, user: TestUserInput = testUsers.customer) => t.app.inject({ url, headers: await t.authHeaders(user) });
  const serials = async (user: TestUserInput) => (await get('/api/Units', user)).json().items.map((item: { serialNumber: string }) => item.serialNumber);

  it('gives the demo customer five units and the demo partner the three it serves', async () => {
    expect(await serials(testUsers.customer)).toEqual(['ARM6-2025-00017', 'ARM6-2025-00042', 'ARM6-2026-00003', 'CTRL7-2025-00310', 'SCARA4-2025-00108']);
    expect(await serials(testUsers.partner)).toEqual(['ARM6-2025-00017', 'ARM6-2026-00003', 'CTRL7-2025-00310']);
    expect((await get('/api/Units/ARM12-2025-00005')).statusCode).toBe(404);
  });

  it('shows the manual as shipped and current, the unit-only documents and the notice on the 2025 units only', async () => {
    const unit = (await get('/api/Units/ARM6-2025-00017')).json();
    expect(unit.documents).toEqual([
      expect.objectContaining({ id: 'arm6-manual', current: expect.objectContaining({ resourceVersion: 'C' }), atShipment: expect.objectContaining({ resourceVersion: 'A' }) }),
      expect.objectContaining({ id: 'arm6-declaration', atShipment: null }),
      expect.objectContaining({ id: 'arm6-photo', atShipment: null }),
    ]);
    expect(unit.ownDocuments.map((document: { title: string }) => document.title)).toEqual(['As-built wiring diagram ARM6-2025-00017', 'Test certificate ARM6-2025-00017']);
    expect(unit.notices.map((notice: { kind: string }) => notice.kind)).toEqual(['safety']);
    expect(unit.cadSet.favoriteId).toBe('set:ARM6:floor,arm-900,flange-iso50');
    expect((await get('/api/Units/ARM6-2025-00042')).json().notices).toHaveLength(1);
    const later = (await get('/api/Units/ARM6-2026-00003')).json();
    expect(later.notices).toEqual([]);
    expect(later.documents[0].atShipment).toBeNull();
    expect((await get('/api/Units/ARM6-2025-00017', testUsers.partner)).json().ownDocuments).toHaveLength(2);
  });

  it("shows the product photo as the model's picture on the public view of every ARM-6 unit", async () => {
    for (const serial of ['ARM6-2025-00017', 'ARM6-2026-00003']) {
      expect((await t.app.inject({ url: `/public/units/${serial}` })).json().model.pictureUrl).toBe(`/public/units/${serial}/picture`);
    }
    expect((await t.app.inject({ url: '/public/units/SCARA4-2025-00108' })).json().model.pictureUrl).toBeNull();
  });

  it("links the model's declaration of conformity on the unit page and the public view of every ARM-6 unit", async () => {
    expect((await get('/api/Units/ARM6-2025-00017')).json().declarations).toEqual([expect.objectContaining({ id: 'arm6-declaration' })]);
    for (const serial of ['ARM6-2025-00017', 'ARM6-2026-00003']) {
      expect((await t.app.inject({ url: `/public/units/${serial}` })).json().declarations).toHaveLength(1);
    }
    expect((await t.app.inject({ url: '/public/units/SCARA4-2025-00108' })).json().declarations).toEqual([]);
  });

  it('adds nothing when run again', async () => {
    expect(await seedUnits({ db: t.db, events: t.app.events, storage: t.app.storage })).toBe(0);
    expect((await get('/api/Admin/units/notices', testUsers.admin)).json()).toHaveLength(1);
  });
});
