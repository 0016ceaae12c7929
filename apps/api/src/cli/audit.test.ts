import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations/index.ts';
import { commandContext, recordAudit } from '../modules/audit/index.ts';

/* `npm run audit -- checkpoint | verify` as an operator runs them, on a SQLite DATA_DIR. */

const cli = join(import.meta.dirname, 'audit.ts');

describe('npm run audit', () => {
  let root: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'portal-audit-cli-'));
    const key = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    env = { DATA_DIR: join(root, 'data'), AUDIT_SIGNING_KEY: key, AUDIT_CHECKPOINT_DIR: join(root, 'checkpoints'), LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
    const { db } = openDatabase({ sqliteFile: loadConfig(env).sqliteFile });
    await migrateToLatest(db);
    for (let n = 1; n <= 3; n += 1) await recordAudit(db, commandContext('test'), { action: 'edit', object: { kind: 'document', id: `d${n}` } });
    await db.destroy();
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  const run = async (...args: string[]) => {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, ...env } });
      return { code: 0, out: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
    }
  };

  it('signs the head into the checkpoint folder, then verifies against it, and says where a moved head breaks', async () => {
    const signed = await run('checkpoint');
    expect(signed).toMatchObject({ code: 0, out: expect.stringMatching(/Signed the chain's head \(entry 3\) with key [0-9a-f]{16}/) });
    expect(await readdir(join(root, 'checkpoints'))).toEqual([expect.stringMatching(/^000000000000003-.*\.json$/)]);
    expect(await run('verify')).toMatchObject({ code: 0, out: expect.stringContaining('intact (3 entries, checked against 1 signed checkpoints)') });

    const { db } = openDatabase({ sqliteFile: loadConfig(env).sqliteFile });
    const second = await db.selectFrom('audit_entries').select('hash').where('seq', '=', 2).executeTakeFirstOrThrow();
    await db.updateTable('audit_chain').set({ lastSeq: 2, lastHash: second.hash }).where('id', '=', 'head').execute();
    await db.destroy();
    expect(await run('verify')).toMatchObject({ code: 1, out: expect.stringContaining('broken at entry 3: the chain ends at entry 2, but the checkpoint of') });
    // A broken chain is not signed.
    expect(await run('checkpoint')).toMatchObject({ code: 1, out: expect.stringContaining('Not signing') });
    expect(await readdir(join(root, 'checkpoints'))).toHaveLength(1);
  }, 60_000);
});
