import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import { seedCad } from './cad-seed.ts';

describe.each(await testDialects())('CAD demo seed on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    // No background jobs: the seeded CAD models' 3D conversions are not what is tested here, and a conversion still
    // running in a worker thread when the app closes outlives the file in a shared test worker.
    t = await createTestApp(dialect, { SEED_DEMO: 'false', JOB_CONCURRENCY: '0' });
    expect(await seedCad({ db: t.db, storage: t.app.storage })).toBe(6);
  }, 120_000);
  afterAll(() => t.close());

  const get = async (url: string, user = testUsers.customer) => t.app.inject({ url, headers: await t.authHeaders(user) });

  it('seeds two robot families whose configurations have a file per component in each format', async () => {
    const { families } = (await get('/api/Cad/catalogue')).json();
    expect(families.map((family: { code: string }) => family.code)).toEqual(['articulated', 'scara']);
    const arm6 = families[0].models[0];
    expect(arm6.optionGroups.map((group: { code: string }) => group.code)).toEqual(['mounting', 'armLength', 'toolFlange']);
    const configuration = (await get('/api/Cad/configurations?model=ARM6&options=floor,arm-900,flange-iso50')).json();
    expect(configuration.formats.map((set: { format: string }) => set.format)).toEqual(['step', 'iges', 'solidworks', 'inventor', 'eplan']);
    expect(configuration.formats[0].files.map((file: { fileName: string }) => file.fileName)).toEqual([
      'ARM6_arm-900.stp', 'ARM6_base.stp', 'ARM6_flange-iso50.stp', 'ARM6_floor.stp',
    ]);
    expect((await get('/api/Cad/configurations?model=ARM6&options=wall,arm-1200,flange-iso50')).statusCode).toBe(400);
  });

  it('seeds four partner libraries, the EPLAN one for partners only', async () => {
    const customer = (await get('/api/Cad/partnerLibraries')).json();
    expect(customer.tools.map((tool: { tool: string }) => tool.tool)).toEqual(['Autodesk Inventor', 'SOLIDWORKS', 'STEP AP214']);
    const partner = (await get('/api/Cad/partnerLibraries', testUsers.partner)).json();
    expect(partner.tools).toHaveLength(4);
    const eplan = partner.tools.find((tool: { tool: string }) => tool.tool === 'EPLAN Electric P8').libraries[0];
    expect(eplan.versions.map((version: { version: string }) => version.version)).toEqual(['3.1', '3.0']);
    expect(eplan.versions[0].files.map((file: { fileName: string }) => file.fileName)).toEqual(['CTRL7_3.1.edz', 'CTRL9_3.1.edz']);
  });

  it('adds nothing when run again', async () => {
    expect(await seedCad({ db: t.db, storage: t.app.storage })).toBe(0);
  });
});
