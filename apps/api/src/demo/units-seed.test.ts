import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import { seedCad } from './cad-seed.ts';
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
    expect(unit.documents).toEqual([expect.objectContaining({ id: 'arm6-manual', current: expect.objectContaining({ resourceVersion: 'C' }), atShipment: expect.objectContaining({ resourceVersion: 'A' }) })]);
    expect(unit.ownDocuments.map((document: { title: string }) => document.title)).toEqual(['As-built wiring diagram ARM6-2025-00017', 'Test certificate ARM6-2025-00017']);
    expect(unit.notices.map((notice: { kind: string }) => notice.kind)).toEqual(['safety']);
    expect(unit.cadSet.favoriteId).toBe('set:ARM6:floor,arm-900,flange-iso50');
    expect((await get('/api/Units/ARM6-2025-00042')).json().notices).toHaveLength(1);
    const later = (await get('/api/Units/ARM6-2026-00003')).json();
    expect(later.notices).toEqual([]);
    expect(later.documents[0].atShipment).toBeNull();
    expect((await get('/api/Units/ARM6-2025-00017', testUsers.partner)).json().ownDocuments).toHaveLength(2);
  });

  it('adds nothing when run again', async () => {
    expect(await seedUnits({ db: t.db, events: t.app.events, storage: t.app.storage })).toBe(0);
    expect((await get('/api/Admin/units/notices', testUsers.admin)).json()).toHaveLength(1);
  });
});
