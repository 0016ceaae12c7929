import { chmod, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { LocalFileStorage } from './platform/storage/local-file-storage.ts';

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('DATA_DIR', () => {
  const folders: string[] = [];
  afterEach(async () => {
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });

  it('is created 0700 with its database, stored files and secrets 0600, whatever the umask', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'portal-data-'));
    folders.push(parent);
    const dataDir = join(parent, 'data');
    const previousUmask = process.umask(0o022);
    try {
      const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }) });
      await app.ready();
      const stored = await app.storage.put(Readable.from([Buffer.from('confidential drawing')]));
      await app.close();

      expect(await modeOf(dataDir)).toBe(0o700);
      const files = await filesUnder(dataDir);
      expect(files).toContain(join(dataDir, 'portal.sqlite'));
      expect(files).toContain(join(dataDir, 'secrets', 'oidc-jwks.json'));
      expect(files.some((file) => file.endsWith(stored.sha256))).toBe(true);
      for (const file of files) expect(await modeOf(file), file).toBe(0o600);
    } finally {
      process.umask(previousUmask);
    }
  });

  it('is tightened when an older version created it open to others', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-data-'));
    folders.push(dataDir);
    await chmod(dataDir, 0o755);
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }) });
    await app.close();
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(join(dataDir, 'portal.sqlite'))).toBe(0o600);
  });

  it('keeps stored files 0600 in a file storage of its own', async () => {
    const root = await mkdtemp(join(tmpdir(), 'portal-files-'));
    folders.push(root);
    await mkdir(root, { recursive: true });
    const previousUmask = process.umask(0o022);
    try {
      const storage = new LocalFileStorage(root);
      const { key } = await storage.put(Readable.from([Buffer.from('x')]));
      expect(await modeOf(storage.pathOf(key))).toBe(0o600);
    } finally {
      process.umask(previousUmask);
    }
  });
});
