import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { storagePlugin } from '../../platform/storage/storage.plugin.ts';

describe('an upload killed half-way', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-killed-upload-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const tempFolder = () => join(dataDir, 'files', '.tmp');
  const tempFiles = () => readdir(tempFolder()).catch(() => [] as string[]);

  // Reliability: a kill -9 during an upload left its temporary file for an hour (only older ones were removed).
  it('leaves its temporary file, which the next start removes at once', async () => {
    const uploader = spawn(process.execPath, [join(import.meta.dirname, '../../test/fixtures/killed-upload.fixture.ts'), dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    await once(uploader.stdout!, 'data');
    let written = 0;
    for (let attempt = 0; attempt < 200 && written < 256 * 1024; attempt++) {
      await sleep(25);
      const [name] = await tempFiles();
      written = name ? (await stat(join(tempFolder(), name))).size : 0;
    }
    expect(written).toBeGreaterThanOrEqual(256 * 1024);
    uploader.kill('SIGKILL');
    await once(uploader, 'exit');
    expect(await tempFiles()).toHaveLength(1);

    const app = Fastify();
    await app.register(storagePlugin, { config: loadConfig({ DATA_DIR: dataDir }) });
    await app.ready();
    await app.close();
    expect(await tempFiles()).toEqual([]);
  });
});
