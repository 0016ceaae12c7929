import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, type ConfigError } from '../../config.ts';
import { parseEd25519PrivateKey } from '../../platform/ed25519-key.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { createTestDatabase, testDialects } from '../../test/test-databases.ts';
import { entryHash } from './audit-chain.ts';
import { checkpointName, signCheckpoint, writeCheckpoint } from './audit-checkpoint.ts';
import { auditCheckpointing, startCheckpointSchedule, type AuditCheckpointing } from './audit-checkpointing.ts';
import { checkpointStoreOf } from './checkpoint-store.ts';
import { commandContext } from './audit-context.ts';
import { recordAudit, recordAudits } from './audit.service.ts';

/* N5: a chain rewritten by whoever can write the database is caught by the checkpoints signed outside it. */

const pem = (key: KeyObject) => key.export({ format: 'pem', type: 'pkcs8' }).toString();

describe.each(await testDialects())('audit checkpoints on %s', (dialect) => {
  let t: TestApp;
  let directory: string;
  let checkpointing: AuditCheckpointing;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'portal-checkpoints-'));
    const env = { AUDIT_SIGNING_KEY: pem(generateKeyPairSync('ed25519').privateKey), AUDIT_CHECKPOINT_DIR: directory };
    t = await createTestApp(dialect, env);
    checkpointing = (await auditCheckpointing({ ...t.config, ...env }))!;
    // Entries 1 to 5, signed after the 2nd and after the 5th.
    for (let n = 1; n <= 5; n += 1) {
      await recordAudit(t.db, commandContext('test'), { action: 'edit', object: { kind: 'document', id: `doc-${n}` }, after: { title: `Title ${n}` } });
      if (n === 2 || n === 5) await writeCheckpoint(t.db, checkpointing.signer, checkpointing.store, new Date(Date.now() + n));
    }
  });
  afterEach(async () => {
    await t.close();
    await rm(directory, { recursive: true, force: true });
  });

  const verify = async () => (await t.app.inject({ url: '/api/Admin/audit/verify', headers: await t.authHeaders(testUsers.admin) })).json();
  const row = (seq: number) => t.db.selectFrom('audit_entries').selectAll().where('seq', '=', seq).executeTakeFirstOrThrow();
  const moveHead = async (seq: number) => t.db.updateTable('audit_chain').set({ lastSeq: seq, lastHash: (await row(seq)).hash }).where('id', '=', 'head').execute();

  it('reports an intact chain checked against its checkpoints, written outside the database', async () => {
    const verdict = await verify();
    expect(verdict).toEqual({ intact: true, entries: 5, checkpoints: { checked: expect.any(Number), latest: { seq: 5, at: expect.any(String) } } });
    expect(verdict.checkpoints.checked).toBeGreaterThanOrEqual(2);
    expect((await readdir(directory)).some((name) => name.startsWith('000000000000005-'))).toBe(true);
  });

  it('detects an edited entry', async () => {
    await t.db.updateTable('audit_entries').set({ after: '{"title":"Forged"}' }).where('seq', '=', 4).execute();
    expect(await verify()).toMatchObject({ intact: false, broken: { seq: 4, reason: expect.stringContaining('changed after it was written') } });
  });

  it('detects an edited entry whose chain was recomputed up to the head, and says between which checkpoints', async () => {
    let prevHash = (await row(3)).prevHash;
    for (let seq = 3; seq <= 5; seq += 1) {
      const entry = { ...(await row(seq)), prevHash, ...(seq === 4 ? { after: '{"title":"Forged"}' } : {}) };
      const hash = entryHash(prevHash, entry);
      await t.db.updateTable('audit_entries').set({ after: entry.after, prevHash, hash }).where('seq', '=', seq).execute();
      prevHash = hash;
    }
    await t.db.updateTable('audit_chain').set({ lastHash: prevHash }).where('id', '=', 'head').execute();
    // Entry 2 still has its signed hash, entry 5 not (the schedule may have signed entry 3 or 4 too as they were written).
    const verdict = await verify();
    expect(verdict).toMatchObject({ intact: false, broken: { reason: expect.stringMatching(/^entries [345] to 5 were rewritten and the chain recomputed: entry 5 no longer has the hash signed/) } });
    expect(verdict.broken.seq).toBeGreaterThanOrEqual(3);
  });

  it('detects deleted tail entries with the head moved back', async () => {
    await moveHead(3);
    await t.db.deleteFrom('audit_entries').where('seq', '>', 3).execute();
    expect(await verify()).toMatchObject({ intact: false, broken: { seq: 4, reason: expect.stringMatching(/^the chain ends at entry 3, but the checkpoint of .* signed entry 5: entries 4 to 5 were deleted/) } });
  });

  it('detects a moved head, and deleted tail entries without a moved head', async () => {
    await moveHead(4);
    expect(await verify()).toMatchObject({ intact: false, broken: { seq: 5, reason: expect.stringContaining('chain head moved back') } });
    await moveHead(5);
    expect(await verify()).toMatchObject({ intact: true });
    await t.db.deleteFrom('audit_entries').where('seq', '=', 5).execute();
    expect(await verify()).toMatchObject({ intact: false, broken: { seq: 5, reason: expect.stringContaining('missing') } });
  });

  it('refuses a checkpoint that the key did not sign', async () => {
    const other = parseEd25519PrivateKey(pem(generateKeyPairSync('ed25519').privateKey));
    const head = await row(5);
    const forged = signCheckpoint({ ...other, keyId: checkpointing.signer.keyId }, { seq: 9, hash: head.hash, anchorSeq: 0, anchorHash: '0'.repeat(64) }, new Date());
    await writeFile(join(directory, checkpointName(forged.checkpoint)), JSON.stringify(forged));
    expect(await verify()).toMatchObject({ intact: false, broken: { seq: 9, reason: expect.stringContaining('not the audit signing key') } });
  });

  it('leaves aside checkpoints of another key (signed before a key change): they can hide nothing', async () => {
    const other = parseEd25519PrivateKey(pem(generateKeyPairSync('ed25519').privateKey));
    const head = await row(5);
    const older = signCheckpoint(other, { seq: 9, hash: head.hash, anchorSeq: 0, anchorHash: '0'.repeat(64) }, new Date());
    await writeFile(join(directory, checkpointName(older.checkpoint)), JSON.stringify(older));
    expect(await verify()).toMatchObject({ intact: true, checkpoints: { latest: { seq: 5 } } });
  });
});

describe('checkpoint configuration and schedule', () => {
  it('is off without a key: verify checks the chain alone', async () => {
    expect(await auditCheckpointing({})).toBeUndefined();
  });

  it('refuses a key that is not Ed25519, two keys, a checkpoint directory inside DATA_DIR, or a key with nowhere to write', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const ed = pem(generateKeyPairSync('ed25519').privateKey);
    const base = { DATA_DIR: '/srv/portal/data', PUBLIC_URL: 'http://localhost:8080' };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ AUDIT_SIGNING_KEY: rsa, AUDIT_CHECKPOINT_DIR: '/srv/audit' })).toEqual(['AUDIT_SIGNING_KEY: is a rsa key, not an Ed25519 key (value hidden)']);
    expect(problems({ AUDIT_SIGNING_KEY: 'nonsense', AUDIT_CHECKPOINT_DIR: '/srv/audit' })[0]).toMatch(/^AUDIT_SIGNING_KEY: is not a private key .*\(value hidden\)$/);
    expect(problems({ AUDIT_SIGNING_KEY_FILE: '/nonexistent/key.pem', AUDIT_CHECKPOINT_DIR: '/srv/audit' })[0]).toMatch(/^AUDIT_SIGNING_KEY_FILE: cannot be read \(ENOENT\)/);
    expect(problems({ AUDIT_SIGNING_KEY: ed, AUDIT_SIGNING_KEY_FILE: '/k.pem', AUDIT_CHECKPOINT_DIR: '/srv/audit' })[0]).toMatch(/not both/);
    expect(problems({ AUDIT_SIGNING_KEY: ed, AUDIT_CHECKPOINT_DIR: '/srv/portal/data/audit' })[0]).toMatch(/^AUDIT_CHECKPOINT_DIR: must be outside DATA_DIR/);
    expect(problems({ AUDIT_SIGNING_KEY: ed })[0]).toMatch(/^AUDIT_CHECKPOINT_DIR: required with an audit signing key/);
    expect(problems({ AUDIT_SIGNING_KEY: ed, AUDIT_CHECKPOINT_DIR: '/srv/audit' })).toEqual([]);
    // One line: the base64 of the DER key, as environment variables hold it best.
    const der = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    expect(problems({ AUDIT_SIGNING_KEY: der, AUDIT_CHECKPOINT_DIR: '/srv/audit' })).toEqual([]);
  });

  it('signs the head once 100 entries were added since the last checkpoint, and never a rewritten chain', async () => {
    const database = await createTestDatabase('sqlite');
    const directory = await mkdtemp(join(tmpdir(), 'portal-checkpoints-'));
    const checkpointing = { signer: parseEd25519PrivateKey(pem(generateKeyPairSync('ed25519').privateKey)), store: (await checkpointStoreOf({ AUDIT_CHECKPOINT_DIR: directory }))! };
    const errors: object[] = [];
    const log = { info: () => undefined, error: (details: object) => void errors.push(details) };
    const stop = startCheckpointSchedule(database.db, checkpointing, log, 20);
    try {
      await vi.waitFor(async () => expect(await checkpointing.store.latest(5)).toHaveLength(1));
      await recordAudits(database.db, commandContext('test'), Array.from({ length: 99 }, (_, n) => ({ action: 'edit' as const, object: { kind: 'document', id: `d${n}` } })));
      await new Promise((done) => setTimeout(done, 200));
      expect(await checkpointing.store.latest(5)).toHaveLength(1);
      await recordAudit(database.db, commandContext('test'), { action: 'edit', object: { kind: 'document', id: 'd100' } });
      await vi.waitFor(async () => expect((await checkpointing.store.latest(5)).map(({ name }) => Number.parseInt(name, 10))).toEqual([0, 100]));
      expect(errors).toEqual([]);

      // A chain rewritten from entry 50 and recomputed is reported, never signed.
      let prevHash = (await database.db.selectFrom('audit_entries').select('prevHash').where('seq', '=', 50).executeTakeFirstOrThrow()).prevHash;
      for (const entry of await database.db.selectFrom('audit_entries').selectAll().where('seq', '>=', 50).orderBy('seq').execute()) {
        const changed = { ...entry, seq: Number(entry.seq), prevHash, ...(Number(entry.seq) === 50 ? { objectId: 'forged' } : {}) };
        const hash = entryHash(prevHash, changed);
        await database.db.updateTable('audit_entries').set({ objectId: changed.objectId, prevHash, hash }).where('seq', '=', changed.seq).execute();
        prevHash = hash;
      }
      await database.db.updateTable('audit_chain').set({ lastHash: prevHash }).where('id', '=', 'head').execute();
      await recordAudits(database.db, commandContext('test'), Array.from({ length: 100 }, (_, n) => ({ action: 'edit' as const, object: { kind: 'document', id: `e${n}` } })));
      await vi.waitFor(() => expect(errors).toContainEqual({ checkpoint: 100, problem: 'entry 100 no longer has the hash of its checkpoint' }));
      expect((await checkpointing.store.latest(5)).map(({ name }) => Number.parseInt(name, 10))).toEqual([0, 100]);
    } finally {
      stop();
      await database.destroy();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('signs a head that moved at all once 5 minutes passed since the last checkpoint', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const database = await createTestDatabase('sqlite');
    const directory = await mkdtemp(join(tmpdir(), 'portal-checkpoints-'));
    const checkpointing = { signer: parseEd25519PrivateKey(pem(generateKeyPairSync('ed25519').privateKey)), store: (await checkpointStoreOf({ AUDIT_CHECKPOINT_DIR: directory }))! };
    const stop = startCheckpointSchedule(database.db, checkpointing, { info: () => undefined, error: () => undefined }, 20);
    const signedSeqs = async () => (await checkpointing.store.latest(5)).map(({ name }) => Number.parseInt(name, 10));
    try {
      await vi.waitFor(async () => expect(await signedSeqs()).toEqual([0]));
      vi.setSystemTime(Date.now() + 6 * 60_000);
      await new Promise((done) => setTimeout(done, 150));
      // Nothing was added: nothing to sign.
      expect(await signedSeqs()).toEqual([0]);
      await recordAudit(database.db, commandContext('test'), { action: 'edit', object: { kind: 'document', id: 'one' } });
      await vi.waitFor(async () => expect(await signedSeqs()).toEqual([0, 1]));
      await recordAudit(database.db, commandContext('test'), { action: 'edit', object: { kind: 'document', id: 'two' } });
      await new Promise((done) => setTimeout(done, 150));
      expect(await signedSeqs()).toEqual([0, 1]);
      vi.setSystemTime(Date.now() + 5 * 60_000);
      await vi.waitFor(async () => expect(await signedSeqs()).toEqual([0, 1, 2]));
    } finally {
      stop();
      vi.useRealTimers();
      await database.destroy();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
