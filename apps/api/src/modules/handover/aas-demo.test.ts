import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDownloadCentre } from '../../demo/download-centre-seed.ts';
import { seedDemoContent } from '../../demo/seed-demo.ts';
import { readZip } from '../../platform/delivery/zip-reader.ts';
import { detectSystemTools } from '../../previews/system-tools.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { unitEnvironment } from './aas-environment.ts';
import { unitAasSource, verificationErrors } from './aas-export.service.ts';

/*
 * The demo seed as a first start makes it (documents, software, CAD, units): every demo unit's Asset Administration
 * Shell verifies with no error in every portal language, and every demo unit's VDI 2770 container has nothing to
 * report (every demo document type mapped to a class, every PDF and picture handed over as PDF/A).
 */

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const cleanReport = 'VDI 2770 export report\n\nEvery document is in the container as PDF/A, with its VDI 2770 metadata.\n';

describe.each(await testDialects())('handover of the demo units on %s', (dialect) => {
  let t: TestApp;
  let serials: string[];

  beforeAll(async () => {
    // No background jobs: the exports need no preview (the demo units' files are PDFs and pictures).
    t = await createTestApp(dialect, { SEED_DEMO: 'false', JOB_CONCURRENCY: '0' });
    const deps = { db: t.db, events: t.app.events, storage: t.app.storage };
    expect((await seedDemoContent({ ...deps, tools: await detectSystemTools(quiet) }))?.failed).toBe(0);
    await seedDownloadCentre({ ...deps, log: quiet });
    serials = (await t.db.selectFrom('units').select('serialNumber').orderBy('serialNumber').execute()).map((row) => row.serialNumber);
    expect(serials.length).toBeGreaterThan(0);
  }, 300_000);
  afterAll(() => t.close());

  it('verifies the environment of every demo unit', async () => {
    const deps = { db: t.db, storage: t.app.storage, publicUrl: t.app.config.publicUrl, makerName: t.app.config.MAKER_NAME };
    let documents = 0;
    for (const serialNumber of serials) {
      for (const language of ['en', 'de', 'fr']) {
        const { facts } = await unitAasSource(deps, testUsers.admin, serialNumber, language);
        documents += facts.documents.length;
        expect(verificationErrors(unitEnvironment(facts)), `${serialNumber} ${language}`).toEqual([]);
      }
      const aasx = await t.app.inject({ url: `/api/Units/${serialNumber}/aasx`, headers: await t.authHeaders(testUsers.admin) });
      expect(aasx.statusCode, serialNumber).toBe(200);
      expect(readZip(aasx.rawPayload).map((entry) => entry.name)).toContain('aasx/aasx-origin');
    }
    expect(documents).toBeGreaterThan(0);
  });

  // Every unit in English, and one in German and French too (each PDF goes through ghostscript: a few seconds each).
  const exports = () => [...serials.map((serial) => [serial, 'en']), ['ARM6-2025-00017', 'de'], ['ARM6-2025-00017', 'fr']];

  it('exports every demo unit as a VDI 2770 container with nothing to report', async () => {
    const headers = await t.authHeaders(testUsers.admin);
    for (const [serial, language] of exports()) {
      const response = await t.app.inject({ url: `/api/Units/${serial}/vdi2770?language=${language}`, headers });
      expect(response.statusCode, `${serial} ${language}`).toBe(200);
      const entries = readZip(response.rawPayload);
      expect(entries.filter((entry) => entry.name.endsWith('.zip')).length, `${serial} ${language}`).toBeGreaterThan(0);
      expect(entries.find((entry) => entry.name === 'report.txt')?.data.toString('utf8'), `${serial} ${language}`).toBe(cleanReport);
    }
  }, 600_000);
});
