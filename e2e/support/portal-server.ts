import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiDir, apiScriptCommand } from '../../apps/api/scripts/start-command.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface RunningPortal {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The portal exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`The portal did not become healthy within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the real API server (which serves the built web app and the embedded sign-in provider)
 * on a free port with a fresh data folder.
 */
export async function startPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const start = apiScriptCommand();
  const child = spawn(process.execPath, start.args, {
    cwd: apiDir,
    env: { ...process.env, ...start.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForHealth(baseUrl, child, () => log, 120_000);
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the first start's demo seed (a child process of the server) has finished: its last
 * step marks the CAD seed in the settings table. Pages opened earlier would find an empty portal.
 */
export async function waitForDemoContent(dataDir: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let done = false;
    try {
      const database = new DatabaseSync(join(dataDir, 'portal.sqlite'), { readOnly: true });
      try {
        done = database.prepare("SELECT 1 FROM settings WHERE key = 'demoSeed:cad'").get() !== undefined;
      } finally {
        database.close();
      }
    } catch {
      // The database or its tables do not exist yet.
    }
    if (done) return;
    if (Date.now() > deadline) throw new Error(`The demo content was not seeded within ${timeoutMs} ms`);
    await new Promise((wait) => setTimeout(wait, 500));
  }
}
