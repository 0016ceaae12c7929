import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelPreviewResponseSchema } from '@portal/contracts/previews';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { previewJobHandlers } from '../../previews/preview-jobs.ts';
import { insertCadFamily, insertCadLibrary } from './cad-writer.repository.ts';

const fixture = (name: string) => readFileSync(new URL(`../../previews/testdata/${name}`, import.meta.url));

describe.each(await testDialects())('3D previews in the CAD answers on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0' });
    await insertCadFamily(t.db, t.app.storage, {
      code: 'grippers', name: 'Grippers',
      models: [{
        code: 'G20', name: 'G20 gripper', revision: 'A',
        groups: [{ code: 'jaws', label: 'jaws', values: [{ code: 'std', label: 'Standard' }] }],
        files: [{ fileName: 'G20.step', content: fixture('assembly.step'), format: 'step', component: 'body' }],
      }],
    }, 0);
    await insertCadLibrary(t.db, t.app.storage, {
      cadTool: 'Neutral', name: 'Gripper plates', productCodes: ['G20'],
      versions: [{ version: '1.0', releaseDate: '2025-01-01', files: [{ fileName: 'plate.stl', content: fixture('plate.stl') }, { fileName: 'readme.txt', content: 'plates' }] }],
    });
    // The jobs the stored files queued, run by hand.
    const jobs = await t.db.selectFrom('jobs').select('payload').where('kind', '=', 'modelPreview').execute();
    expect(jobs).toHaveLength(2);
    const handlers = previewJobHandlers(t.app.previews);
    for (const job of jobs) await handlers.modelPreview(JSON.parse(job.payload), undefined as never);
  });
  afterAll(() => t.close());

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: await t.authHeaders(testUsers.customer) })).json();

  it('a configuration answers its STEP with the 3D preview, the GLB signed for the caller', async () => {
    const body = await get('/api/Cad/configurations?model=G20&options=std');
    const preview = modelPreviewResponseSchema.parse(body.formats[0].files[0].modelPreview);
    expect(preview.sizeMm).toEqual([40, 30, 25]);
    const glb = await t.app.inject({ method: 'GET', url: preview.data });
    expect(glb.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
  });

  it('a partner library answers its STL with the 3D preview and other files without one', async () => {
    const body = await get('/api/Cad/partnerLibraries');
    const files = body.tools[0].libraries[0].versions[0].files as { fileName: string; modelPreview?: unknown }[];
    expect(modelPreviewResponseSchema.parse(files.find((file) => file.fileName === 'plate.stl')?.modelPreview).sizeMm).toEqual([40, 30, 5]);
    expect(files.find((file) => file.fileName === 'readme.txt')?.modelPreview).toBeUndefined();
  });
});
