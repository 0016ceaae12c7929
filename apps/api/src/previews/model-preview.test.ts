import { readFileSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../platform/jobs/job-runner.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-databases.ts';
import { enqueuePreviewJobs } from './enqueue-preview-jobs.ts';
import { findModelPreviews } from './model-preview.repository.ts';
import { previewJobHandlers } from './preview-jobs.ts';
import type { PreviewDeps } from './preview-deps.ts';
import { findPreviewVersion } from '../modules/documents/index.ts';
import { insertStoredVersion, previewTestDeps, quietLog } from './preview-test-fixtures.ts';
import { defaultModelLimits } from './model-convert.ts';

const fixture = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url));

/** The JSON chunk of a GLB, after checking its header (magic `glTF`, version 2). */
function glbJson(glb: Buffer): { nodes: { name?: string }[]; scenes: { extras?: { sizeMm: number[]; triangles: number } }[]; extensionsRequired?: string[]; meshes: { extras?: { brepFaces: unknown[] } }[] } {
  expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
  expect(glb.readUInt32LE(4)).toBe(2);
  const length = glb.readUInt32LE(12);
  expect(glb.subarray(16, 20).toString('latin1')).toBe('JSON');
  return JSON.parse(glb.subarray(20, 20 + length).toString('utf8'));
}

describe.each(await testDialects())('3D previews of CAD files on %s', (dialect) => {
  let handle: TestDatabase;
  let deps: PreviewDeps;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    deps = { ...(await previewTestDeps(handle.db, { soffice: null, ffmpeg: null })), modelLimits: { ...defaultModelLimits, maxBytes: 1024 * 1024 } };
  });
  afterAll(() => handle.destroy());

  async function runJobs(jobDeps: PreviewDeps, expected: number) {
    const runner = new JobRunner({ db: handle.db, handlers: previewJobHandlers(jobDeps), log: quietLog, concurrency: 2, pollIntervalMs: 50 });
    await runner.start();
    const deadline = Date.now() + 60_000;
    const finished = () => handle.db.selectFrom('jobs').select('id').where('status', 'in', ['done', 'failed']).execute();
    while ((await finished()).length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await runner.stop();
  }

  const jobsOf = (versionId: string) =>
    handle.db.selectFrom('jobs').select(['kind', 'status', 'lastError']).where('kind', '=', 'modelPreview').where('payload', 'like', `%${versionId}%`).executeTakeFirstOrThrow();

  it('turns a STEP assembly, an IGES and an STL into a GLB with the part names, a thumbnail and the size; bad files get "preview not available" alone', async () => {
    await handle.db.deleteFrom('jobs').execute();
    const files = {
      step: await insertStoredVersion(deps, 'gripper-assembly.step', fixture('assembly.step')),
      iges: await insertStoredVersion(deps, 'plate.igs', fixture('plate.igs')),
      stl: await insertStoredVersion(deps, 'plate.stl', fixture('plate.stl')),
      broken: await insertStoredVersion(deps, 'broken.stp', fixture('assembly.step').subarray(0, 9000)),
      pathological: await insertStoredVersion(deps, 'huge.step', Buffer.concat([Buffer.from('ISO-10303-21;\n'), Buffer.alloc(2 * 1024 * 1024, 0x20)])),
      notStep: await insertStoredVersion(deps, 'manual.step', Buffer.from('%PDF-1.7\nnot a model at all\n')),
    };
    for (const version of Object.values(files)) await enqueuePreviewJobs(handle.db, version);
    await runJobs(deps, Object.keys(files).length * 2);

    const previews = await findModelPreviews(handle.db, Object.values(files).map((version) => version.storageKey));
    for (const name of ['step', 'iges', 'stl'] as const) {
      const version = files[name];
      expect(await jobsOf(version.id)).toMatchObject({ status: 'done' });
      const preview = previews.get(version.storageKey);
      if (!preview?.ready) throw new Error(`${name}: no preview`);
      const json = glbJson(await buffer(await deps.storage.read(preview.glbKey)));
      expect(json.extensionsRequired).toContain('EXT_meshopt_compression');
      expect(preview.sizeMm).toEqual(name === 'step' ? [40, 30, 25] : [40, 30, 5]);
      expect(json.scenes[0]?.extras).toEqual({ sizeMm: preview.sizeMm, triangles: preview.triangles });
      if (name === 'step') {
        expect(json.nodes.map((node) => node.name)).toEqual(expect.arrayContaining(['ASSEMBLY', 'BASE_PLATE', 'PIN']));
        expect(json.meshes.every((mesh) => (mesh.extras?.brepFaces.length ?? 0) > 0)).toBe(true);
      }
      const thumbnailKey = (await findPreviewVersion(handle.db, version.id))?.thumbnailKey;
      const picture = await sharp(await buffer(await deps.storage.read(thumbnailKey ?? ''))).metadata();
      expect({ format: picture.format, width: picture.width }).toEqual({ format: 'png', width: 320 });
    }
    for (const name of ['broken', 'pathological', 'notStep'] as const) {
      const job = await jobsOf(files[name].id);
      expect(job.status).toBe('failed');
      expect(job.lastError).toContain('preview not available');
      expect(previews.get(files[name].storageKey)).toMatchObject({ ready: false, failure: expect.stringContaining('preview not available') });
    }
  }, 120_000);

  it('stops a conversion at the time limit', async () => {
    await handle.db.deleteFrom('jobs').execute();
    const version = await insertStoredVersion(deps, 'slow.step', fixture('assembly.step'));
    await enqueuePreviewJobs(handle.db, version);
    await runJobs({ ...deps, modelLimits: { ...defaultModelLimits, timeoutMs: 1 } }, 2);
    expect(await jobsOf(version.id)).toMatchObject({ status: 'failed', lastError: expect.stringContaining('took longer than') });
    expect((await findModelPreviews(handle.db, [version.storageKey])).get(version.storageKey)).toMatchObject({ ready: false });
  }, 60_000);
});
