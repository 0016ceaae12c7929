import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { apiDir, apiScriptCommand } from '../../../scripts/start-command.ts';
import { signFileUrl } from '../../platform/delivery/signed-url.ts';
import { LocalFileStorage } from '../../platform/storage/local-file-storage.ts';
import { freePort } from '../../test/free-port.ts';

const fileUrlSecret = randomBytes(32).toString('hex');
const fileBytes = randomBytes(48 * 1024 * 1024);
const folders: string[] = [];

afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

function request(url: string): Promise<IncomingMessage> {
  return new Promise((answer, fail) => get(url, { agent: false }, answer).once('error', fail));
}

async function untilAnswered(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !exited()) {
    const status = await fetch(url).then((response) => response.status, () => 0);
    if (status === 200) return;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`${url} did not answer 200`);
}

describe('graceful drain of the real server on SIGTERM', () => {
  it('refuses new connections, finishes an in-flight download whole and exits 0', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-drain-'));
    folders.push(dataDir);
    const stored = await new LocalFileStorage(join(dataDir, 'files')).put(Readable.from([fileBytes]));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const start = apiScriptCommand();
    const child = spawn(process.execPath, start.args, {
      cwd: apiDir,
      env: { ...process.env, ...start.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', FILE_URL_SECRET: fileUrlSecret },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exit = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      await untilAnswered(`${baseUrl}/healthz`, () => child.exitCode !== null);
      const ready = await fetch(`${baseUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'off', storage: 'up' } });

      // A download kept in flight: after its first chunk nothing is read, so the server's writes back up.
      const url = signFileUrl({ storageKey: stored.key, fileName: 'big.bin', mediaType: 'application/octet-stream', userSub: 'drain-test', disposition: 'attachment' }, fileUrlSecret, baseUrl);
      const download = await request(url);
      expect(download.statusCode).toBe(200);
      const hash = createHash('sha256');
      let received = 0;
      const count = (chunk: Buffer) => {
        hash.update(chunk);
        received += chunk.length;
      };
      count((await once(download, 'data'))[0] as Buffer);
      download.pause();
      expect(received).toBeLessThan(fileBytes.length);

      child.kill('SIGTERM');
      // New connections are refused at once while the download is still unfinished.
      const refusedBy = Date.now() + 5000;
      let refused = false;
      while (!refused && Date.now() < refusedBy) {
        refused = await request(`${baseUrl}/readyz`).then(
          (response) => {
            response.resume();
            return false;
          },
          (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
        );
        if (!refused) await new Promise((wait) => setTimeout(wait, 50));
      }
      expect(refused).toBe(true);
      expect(child.exitCode).toBeNull();

      download.on('data', count);
      download.resume();
      await once(download, 'end');
      expect(received).toBe(fileBytes.length);
      expect(hash.digest('hex')).toBe(stored.sha256);
      expect(await exit).toEqual([0, null]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
