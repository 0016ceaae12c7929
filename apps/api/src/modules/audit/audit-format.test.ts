import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { commandContext } from './audit-context.ts';
import { entryHash } from './audit-chain.ts';
import { recordAudits } from './audit.service.ts';
import { verifyAuditChain } from './audit-verify.ts';

describe.each(await testDialects())('audit hash format 2 on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const event = (id: string) => ({ action: 'edit' as const, object: { kind: 'document', id }, after: { title: `Manual ${id}` } });
    await recordAudits(database.db, commandContext('audit-format-test'), [event('a'), event('b'), event('c')]);
  }, 60_000);
  afterAll(() => database.destroy());

  const row = (seq: number) => database.db.selectFrom('audit_entries').selectAll().where('seq', '=', seq).executeTakeFirstOrThrow();

  it('writes new entries in format 2 with a salt and a digest the hash holds with', async () => {
    const entry = await row(2);
    expect(entry).toMatchObject({ hashFormat: 2, personalSalt: expect.stringMatching(/^[0-9a-f]{32}$/), personalDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Read back from the database, the personal fields replaced and the salt dropped, the stored hash still holds.
    expect(entryHash(entry.prevHash, { ...entry, actor: 'erased-1', after: null, personalSalt: null })).toBe(entry.hash);
    expect(await verifyAuditChain(database.db)).toMatchObject({ intact: true, entries: 3 });
  });

  it('reports an edited personal field, and a dropped salt with no recorded erasure', async () => {
    await database.db.updateTable('audit_entries').set({ actor: 'eve@evil.example' }).where('seq', '=', 2).execute();
    expect(await verifyAuditChain(database.db)).toMatchObject({ intact: false, broken: { seq: 2, reason: expect.stringMatching(/hash differs/) } });
    await database.db.updateTable('audit_entries').set({ personalSalt: null }).where('seq', '=', 2).execute();
    expect(await verifyAuditChain(database.db)).toMatchObject({ intact: false, broken: { seq: 2, reason: expect.stringMatching(/salt missing/) } });
  });
});
