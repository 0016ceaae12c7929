import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { loadProviderKeys } from '../../auth/signing-keys.ts';
import { signTestToken, testUsers } from '../../test/test-app.ts';
import { testDialects, testPostgresUrl } from '../../test/test-databases.ts';
import { startS3rver, type S3rverTestServer } from '../storage/s3rver-test-server.ts';
import { capturePortal, seedDocument, seedPortal } from '../../test/restore-drill-fixtures.ts';

/*
 * The restore drill of docs/deployment.md, end to end through the two commands: seed a portal, back it
 * up while it serves requests and keeps writing, wipe everything, restore, and compare.
 */

const cliFolder = join(import.meta.dirname, '../../cli');
const work = await mkdtemp(join(tmpdir(), 'portal-drill-'));
afterAll(() => rm(work, { recursive: true, force: true }));

function runCommand(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(cliFolder, `${command}.ts`), ...args], {
    env: { ...process.env, ...env, INIT_CWD: work },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function postgresAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty PostgreSQL database of the drill's own on the test server; answers its URL. */
async function freshDatabase(name: string): Promise<string> {
  await postgresAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Variant {
  name: string;
  dialect: 'sqlite' | 'postgres';
  s3: boolean;
}

const dialects = await testDialects();
const variants: Variant[] = [
  { name: 'SQLite and a local folder', dialect: 'sqlite' as const, s3: false },
  { name: 'PostgreSQL and a local folder', dialect: 'postgres' as const, s3: false },
  { name: 'PostgreSQL and an S3 bucket (s3rver)', dialect: 'postgres' as const, s3: true },
].filter((variant) => dialects.includes(variant.dialect));

/** The portal's environment for one drill: its DATA_DIR, database and bucket. */
async function environment(variant: Variant, dataDir: string, database: string, s3: S3rverTestServer | undefined): Promise<Record<string, string>> {
  return {
    DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOB_CONCURRENCY: '0',
    ...(variant.dialect === 'postgres' ? { DATABASE_URL: await freshDatabase(database) } : {}),
    ...(s3 ? { S3_ENDPOINT: s3.storageOptions.endpoint!, S3_BUCKET: s3.storageOptions.bucket, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: s3.storageOptions.accessKeyId, S3_SECRET_ACCESS_KEY: s3.storageOptions.secretAccessKey } : {}),
  };
}

async function startPortal(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig(env) });
  await app.ready();
  return app;
}

describe.each(variants)('backup and restore drill on $name', (variant) => {
  it('brings every document, file, account and audit entry back from a backup taken under load', async () => {
    const dataDir = join(work, `data-${randomUUID()}`);
    const database = `drill_${randomUUID().replaceAll('-', '')}`;
    let s3 = variant.s3 ? await startS3rver('portal-drill') : undefined;
    const env = await environment(variant, dataDir, database, s3);
    let app = await startPortal(env);
    try {
      await seedPortal(app, 6);
      const seeded = await capturePortal(app.db, app.storage);
      const signingKey = (await loadProviderKeys(app.config, app.db)).privateJwks.keys[0]!;
      const customer = { authorization: `Bearer ${await signTestToken(signingKey, { ...testUsers.customer }, { issuer: app.config.oidcIssuer, audience: app.config.OIDC_AUDIENCE })}` };

      // Requests and writes go on while the backup runs in its own process.
      let serving = true;
      const statuses = new Set<number>();
      const load = (async () => {
        let rounds = 0;
        for (; serving; rounds += 1) {
          const [health, search] = await Promise.all([
            app.inject({ method: 'GET', url: '/healthz' }),
            app.inject({ method: 'GET', url: '/api/Content/search?q=pump', headers: customer }),
            seedDocument(app, 100 + rounds),
          ]);
          statuses.add(health.statusCode).add(search.statusCode);
        }
        return rounds;
      })();
      // Observed at once: a failing write must not go unheard while the backup runs.
      load.catch(() => undefined);
      const backup = await runCommand('backup', ['--out', 'portal-backup.zip'], env).finally(() => (serving = false));
      const rounds = await load;
      expect(backup.output).toContain('Backup written to');
      expect(backup.code).toBe(0);
      expect(rounds).toBeGreaterThan(0);
      expect([...statuses]).toEqual([200]);
      const final = await capturePortal(app.db, app.storage);
      await app.close();

      // Wipe: no DATA_DIR, a new empty database, a new empty bucket.
      await rm(dataDir, { recursive: true, force: true });
      if (s3) {
        await s3.close();
        s3 = await startS3rver('portal-drill');
      }
      const restoredEnv = await environment(variant, dataDir, database, s3);
      const restore = await runCommand('restore', ['portal-backup.zip'], restoredEnv);
      expect(restore.output).toContain('every sha256 matching');
      expect(restore.output).toContain('The audit chain is intact');
      expect(restore.code).toBe(0);

      app = await startPortal(restoredEnv);
      const after = await capturePortal(app.db, app.storage);
      // Everything there before the backup began is back, exactly.
      for (const document of seeded.documents) expect(after.documents).toContainEqual(document);
      for (const account of seeded.accounts) expect(after.accounts).toContainEqual(account);
      for (const user of seeded.users) expect(after.users).toContainEqual(user);
      expect(after.audit.slice(0, seeded.audit.length)).toEqual(seeded.audit);
      for (const [key, hash] of Object.entries(seeded.fileHashes)) expect(after.fileHashes[key], key).toBe(hash);
      // What was written during the backup is there as of one moment: rows as in the source, the audit log a prefix of it.
      for (const document of after.documents) expect(final.documents).toContainEqual(document);
      expect(final.audit.slice(0, after.audit.length)).toEqual(after.audit);
      for (const version of after.versions) expect(after.fileHashes[version.storageKey]).toBe(version.sha256);
      // Search finds every restored document once the catalogue of the started portal has caught up with the restored rows.
      await vi.waitFor(
        async () => expect((await app.inject({ method: 'GET', url: '/api/Content/search?q=pump', headers: customer })).json().total).toBe(after.documents.length),
        { timeout: 15_000, interval: 500 },
      );

      // A second restore onto the restored portal is refused: nothing is overwritten.
      await app.close();
      const again = await runCommand('restore', ['portal-backup.zip'], restoredEnv);
      expect(again.code).toBe(2);
      // With PostgreSQL and S3 the DATA_DIR may stay empty: then the database is what is found in use.
      expect(again.output).toMatch(/Restore refused: (DATA_DIR .* is not empty|The database of DATABASE_URL already has \d+ tables)/);
    } finally {
      await app.close();
      await s3?.close();
      await rm(join(work, 'portal-backup.zip'), { force: true });
      if (variant.dialect === 'postgres') await postgresAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    }
  }, 180_000);
});

describe('a damaged backup', () => {
  it('is refused when a stored file does not match its sha256 in the manifest', async () => {
    const dataDir = join(work, `data-${randomUUID()}`);
    const env = await environment(variants[0]!, dataDir, '', undefined);
    const app = await startPortal(env);
    await seedPortal(app, 1);
    const [version] = await app.db.selectFrom('document_versions').select('storageKey').execute();
    const stored = await readFile(join(dataDir, 'files', version!.storageKey));
    await app.close();
    expect((await runCommand('backup', ['--out', 'damaged.zip'], env)).code).toBe(0);

    // Stored files are kept uncompressed: one flipped byte in the middle of one of them.
    const archive = await readFile(join(work, 'damaged.zip'));
    const at = archive.indexOf(stored.subarray(0, 64)) + 1000;
    expect(at).toBeGreaterThan(1000);
    archive[at] = archive[at]! ^ 0xff;
    await writeFile(join(work, 'damaged.zip'), archive);

    const target = join(work, `data-${randomUUID()}`);
    const restore = await runCommand('restore', ['damaged.zip'], { ...env, DATA_DIR: target });
    expect(restore.code).toBe(1);
    expect(restore.output).toContain(`files/${version!.storageKey} does not match the manifest`);
    await rm(join(work, 'damaged.zip'), { force: true });
  }, 120_000);
});
