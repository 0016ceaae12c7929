import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadProviderKeys } from '../../auth/signing-keys.ts';
import { loadConfig } from '../../config.ts';
import { freePort } from '../../test/free-port.ts';
import { signTestToken, testUsers } from '../../test/test-app.ts';

/*
 * A PostgreSQL cluster of the test's own (Debian's server binaries, initdb into a temporary folder,
 * a Unix socket there, no TCP), restarted under a running API. As root, the cluster runs as the
 * `postgres` user (initdb refuses root).
 */

const run = promisify(execFile);

async function postgresBinaries(): Promise<string | undefined> {
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  const newest = versions.filter((version) => existsSync(join('/usr/lib/postgresql', version, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))[0];
  return newest ? join('/usr/lib/postgresql', newest, 'bin') : undefined;
}

async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  } catch {
    return undefined;
  }
}

const binaries = await postgresBinaries();
const isRoot = process.getuid?.() === 0;
const owner = isRoot ? await postgresUser() : undefined;
const unavailable = !binaries ? 'no PostgreSQL server binaries under /usr/lib/postgresql' : isRoot && !owner ? 'running as root without a postgres user for initdb' : undefined;
if (unavailable && process.env.CI) throw new Error(`The PostgreSQL fault test needs its own cluster: ${unavailable}.`);
if (unavailable) console.warn(`Skipping the PostgreSQL fault test: ${unavailable}.`);

describe.skipIf(unavailable !== undefined)('the API on a PostgreSQL cluster that restarts', () => {
  let dir: string;
  let dataDir: string;
  let app: FastifyInstance;
  let port: number;
  let authorization: string;
  /** Runs a server binary, as the postgres user when the test runs as root. */
  const pg = (tool: string, args: string[]) =>
    isRoot ? run('runuser', ['-u', 'postgres', '--', join(binaries!, tool), ...args]) : run(join(binaries!, tool), args);
  const pgCtl = (...args: string[]) => pg('pg_ctl', ['-D', join(dir, 'cluster'), '-l', join(dir, 'cluster.log'), '-w', '-t', '60', ...args]);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-pg-fault-'));
    if (owner) await chown(dir, owner.uid, owner.gid);
    port = await freePort();
    await pg('initdb', ['-D', join(dir, 'cluster'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await pgCtl('-o', `-p ${port} -k ${dir} -c listen_addresses=''`, 'start');

    dataDir = await mkdtemp(join(tmpdir(), 'portal-pg-fault-data-'));
    const databaseUrl = `postgres://postgres@${encodeURIComponent(dir)}:${port}/postgres`;
    // The traffic during the restart is a tight loop of one user's requests: no per-user limit, or its 429s hide what is tested.
    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, API_RATE_LIMIT: '0' });
    app = await buildApp({ config });
    await app.ready();
    const key = (await loadProviderKeys(config, app.db)).privateJwks.keys[0]!;
    authorization = `Bearer ${await signTestToken(key, { ...testUsers.customer }, { issuer: config.oidcIssuer, audience: config.OIDC_AUDIENCE })}`;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  // Every authenticated request writes (the user's last sight) and reads (the document list).
  const request = () => app.inject({ method: 'GET', url: '/api/Me', headers: { authorization } }).then((response) => response.statusCode);

  it('recovers from a restart of the cluster without a restart of its own, and answers no 5xx once recovered', async () => {
    // What would end a real server: an 'error' event nobody listens to (a connection cut under the pool).
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    for (let n = 0; n < 20; n++) expect(await request()).toBe(200);

    // Traffic goes on while the cluster restarts (connections in the pool are cut under it).
    let restarting = true;
    const during: number[] = [];
    const traffic = (async () => {
      while (restarting) during.push(await request());
    })();
    await pgCtl('-m', 'fast', 'restart', '-o', `-p ${port} -k ${dir} -c listen_addresses=''`);
    restarting = false;
    await traffic;
    expect(during.length).toBeGreaterThan(0);

    // Recovered: the first answer after the restart, then none fails.
    const deadline = Date.now() + 20_000;
    while ((await request()) !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after: number[] = [];
    for (let n = 0; n < 100; n++) after.push(await request());
    expect(after.filter((status) => status >= 500)).toEqual([]);
    expect(new Set(after)).toEqual(new Set([200]));
    process.off('uncaughtException', record);
    expect(uncaught).toEqual([]);
  }, 120_000);
});
