import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import type { DialectName } from '../../platform/db/database.ts';
import { storeFile } from '../../platform/storage/store-file.ts';
import { insertCadFamily } from '../cad/index.ts';
import { insertSoftware } from '../software/index.ts';

/*
 * The installed base the unit route tests share (real rows, stored files, through the real routes):
 * product R100 with a configurator (mounting floor|ceiling, flange iso50|iso63), documents whose
 * rules match some units only, a unit-only certificate, software with release notes, three units.
 */

export const otherCustomer = { sub: 'sub-globex', email: 'olga@globex.example', name: 'Olga', roles: ['customer' as const], account: 'GLOBEX' };
export const otherPartner = { sub: 'sub-partner-2', email: 'pia@partner2.example', name: 'Pia', roles: ['partner' as const], account: 'PARTNER-02' };

export const unitsCsv = [
  'serialNumber,model,options,account,shippedAt,site,partners',
  'R100-0001,R100,floor|iso50,ACME-001,2025-07-01,Plant 1,PARTNER-01',
  'R100-0150,R100,ceiling|iso63,ACME-001,2025-03-01,,',
  'R100-0300,R100,floor|iso50,GLOBEX,2026-02-01,,',
].join('\n');

/** Bytes of each stored document version, by version id (`<document>-<version>`). */
export type StoredBytes = Map<string, Buffer>;

/** A document whose versions are stored files (`%PDF` bytes naming the document and version), recorded in `bytes`. */
export async function documentWithFiles(t: TestApp, bytes: StoredBytes, fixture: Parameters<typeof insertDocument>[1] & { versions: Array<{ resourceVersion: string; publishedAt: string }> }) {
  const versions = [];
  for (const version of fixture.versions) {
    const content = Buffer.from(`%PDF-1.4\n% ${fixture.id} version ${version.resourceVersion}\n${'x'.repeat(200)}\n%%EOF\n`);
    const stored = await storeFile(t.app.storage, { fileName: `${fixture.id}_${version.resourceVersion}.pdf`, content, mediaType: 'application/pdf' });
    bytes.set(`${fixture.id}-${version.resourceVersion}`, content);
    versions.push({ ...version, fileName: stored.fileName, size: stored.size, sha256: stored.sha256, storageKey: stored.storageKey, mediaType: stored.mediaType });
  }
  await insertDocument(t.db, { ...fixture, versions });
}

/** Fills the database; returns the stored bytes of every document version. */
export async function seedUnitFixtures(t: TestApp): Promise<StoredBytes> {
  const bytes: StoredBytes = new Map();
  await insertReferenceData(t.db);
  await insertCadFamily(t.db, t.app.storage, {
    code: 'robots', name: 'Robots',
    models: [{
      code: 'R100', name: 'Robot R100', revision: 'A',
      groups: [
        { code: 'mounting', label: 'Mounting', values: [{ code: 'floor', label: 'Floor' }, { code: 'ceiling', label: 'Ceiling' }] },
        { code: 'flange', label: 'Flange', values: [{ code: 'iso50', label: 'ISO 50' }, { code: 'iso63', label: 'ISO 63' }] },
      ],
      files: [{ fileName: 'R100_base.step', content: 'ISO-10303-21;', format: 'step', component: 'base' }],
    }],
  });
  const at = (date: string) => `${date}T09:00:00.000Z`;
  await documentWithFiles(t, bytes, { id: 'man-en', variantGroup: 'man', products: ['R100'], versions: [
    { resourceVersion: 'A', publishedAt: at('2025-01-01') }, { resourceVersion: 'B', publishedAt: at('2025-06-01') }, { resourceVersion: 'C', publishedAt: at('2026-01-01') },
  ] });
  await documentWithFiles(t, bytes, { id: 'man-fr', variantGroup: 'man', languageCode: 'fr', title: 'Manuel R100', versions: [{ resourceVersion: 'A', publishedAt: at('2025-01-05') }] });
  await documentWithFiles(t, bytes, { id: 'ceil', typeCode: 'datasheet', versions: [{ resourceVersion: 'A', publishedAt: at('2025-01-01') }] });
  await documentWithFiles(t, bytes, { id: 'range', versions: [{ resourceVersion: 'A', publishedAt: at('2025-01-01') }] });
  await documentWithFiles(t, bytes, { id: 'cert1', typeCode: 'datasheet', versions: [{ resourceVersion: 'A', publishedAt: at('2025-06-30') }] });
  await documentWithFiles(t, bytes, { id: 'secret', audience: 'restricted', rules: [{ kind: 'account', value: 'GLOBEX' }], versions: [{ resourceVersion: 'A', publishedAt: at('2025-01-01') }] });
  await documentWithFiles(t, bytes, { id: 'viewonly', downloadable: 0, versions: [{ resourceVersion: 'A', publishedAt: at('2025-01-01') }] });
  await documentWithFiles(t, bytes, { id: 'rn20', title: 'R100 firmware 2.0 release notes', versions: [{ resourceVersion: 'A', publishedAt: at('2025-05-01') }] });
  await insertSoftware(t.db, t.app.storage, {
    equipmentName: 'R100FW', name: 'R100 firmware', category: 'firmware', compatibleEquipment: ['R100'],
    versions: [
      { number: '1.0', releaseDate: '2025-01-01', status: 'previous', files: [{ fileName: 'fw-1.0.bin', content: 'one' }] },
      { number: '2.0', releaseDate: '2025-05-01', status: 'current', releaseNotesDocumentId: 'rn20', files: [{ fileName: 'fw-2.0.bin', content: 'two' }] },
    ],
  });
  await insertSoftware(t.db, t.app.storage, {
    equipmentName: 'G20FW', name: 'G20 firmware', category: 'firmware', compatibleEquipment: ['G20'],
    versions: [{ number: '1.0', releaseDate: '2025-01-01', status: 'current', files: [{ fileName: 'g20.bin', content: 'g' }] }],
  });

  const admin = await t.authHeaders(testUsers.admin);
  const imported = await t.app.inject({ method: 'POST', url: '/api/Admin/units/import', headers: { ...admin, 'content-type': 'text/csv' }, payload: unitsCsv });
  if (imported.statusCode !== 200 || imported.json().imported !== 3) throw new Error(`unit import failed: ${imported.body}`);
  const rules: Record<string, object> = {
    'man-en': { rules: [{ product: 'R100' }] },
    ceil: { rules: [{ product: 'R100', option: 'ceiling' }] },
    range: { rules: [{ product: 'R100', serialFrom: 'R100-0100', serialTo: 'R100-0199' }] },
    cert1: { unit: 'R100-0001' },
    secret: { rules: [{ product: 'R100' }] },
    viewonly: { rules: [{ product: 'R100' }] },
  };
  for (const [documentId, body] of Object.entries(rules)) {
    const response = await t.app.inject({ method: 'PUT', url: `/api/Admin/units/applicability/${documentId}`, headers: admin, payload: body });
    if (response.statusCode !== 200) throw new Error(`applicability of ${documentId} failed: ${response.body}`);
  }
  return bytes;
}

/**
 * A fresh app with the unit fixtures for the surrounding describe block: `app.t` and `app.bytes` once
 * it has started, and `app.get(url, user)` to call a route as a user (the customer by default).
 */
export function unitFixturesApp(dialect: DialectName) {
  const app = {
    t: undefined as unknown as TestApp,
    bytes: new Map() as StoredBytes,
    get: async (url: string, user: TestUserInput = testUsers.customer) => app.t.app.inject({ url, headers: await app.t.authHeaders(user) }),
  };
  beforeAll(async () => {
    app.t = await createTestApp(dialect);
    app.bytes = await seedUnitFixtures(app.t);
  });
  afterAll(() => app.t.close());
  return app;
}
