import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { apiDir, apiScriptCommand } from '../../apps/api/scripts/start-command.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface RunningApi {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Starts the real API (`apps/api/src/server.ts`, as `npm start` runs it, in this very Node
 * process's binary, so the PID is the server's own) on a free port with the given DATA_DIR. No
 * demo seed, no background jobs and no per-user rate limit (unless `env` sets one): the numbers
 * measure the requests alone.
 */
export async function startApi(dataDir: string, env: Record<string, string> = {}): Promise<RunningApi> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const start = apiScriptCommand();
  const child = spawn(process.execPath, start.args, {
    cwd: apiDir,
    env: {
      ...process.env,
      ...start.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      JOB_CONCURRENCY: '0',
      // A bench is one user asking far more than a person would: the per-user limit would answer it 429.
      API_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('The API did not become healthy within 120 s');
    const healthy = await fetch(`${baseUrl}/healthz`).then((response) => response.ok, () => false);
    if (healthy) break;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
