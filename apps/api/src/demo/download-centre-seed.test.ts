import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import { demoCadFamilies, demoCadLibraries } from './cad-demo-data.ts';
import { demoSoftware } from './software-demo-data.ts';
import { seedDownloadCentre } from './download-centre-seed.ts';

describe.each(await testDialects())('download-centre demo seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // No background jobs: the seeded CAD models' 3D conversions are not what is tested here, and a conversion still
    // running in a worker thread when the app closes outlives the file in a shared test worker.
    t = await createTestApp(dialect, { SEED_DEMO: 'false', JOB_CONCURRENCY: '0' });
  });
  afterAll(() => t.close());

  const count = async (table: 'software_items' | 'cad_families' | 'cad_libraries') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

  it('seeds software, CAD and units once, then leaves the database alone even after content is deleted', async () => {
    await seedDownloadCentre({ db: t.app.db, events: t.app.events, storage: t.app.storage, log: t.app.log, afterCommit: () => t.app.jobs.wake() });
    expect(await count('software_items')).toBe(demoSoftware.length);
    expect(await count('cad_families')).toBe(demoCadFamilies.length);
    expect(await count('cad_libraries')).toBe(demoCadLibraries.length);
    const markers = await t.db.selectFrom('settings').select('key').where('key', 'like', 'demoSeed:%').orderBy('key').execute();
    expect(markers.map((row) => row.key)).toEqual(['demoSeed:cad', 'demoSeed:software', 'demoSeed:units']);

    await t.db.deleteFrom('software_items').where('equipmentName', '=', 'TC-Link').execute();
    await seedDownloadCentre({ db: t.app.db, events: t.app.events, storage: t.app.storage, log: t.app.log, afterCommit: () => t.app.jobs.wake() });
    expect(await count('software_items')).toBe(demoSoftware.length - 1);
  }, 120_000);
});
