import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../modules/audit/index.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { createLocalAccounts, type LocalAccounts } from './local-accounts.ts';
import { runUsersCommand } from './users-command.ts';

/* N1: every `npm run users` command that changes an account leaves one audit entry naming the operator. */

describe.each(await testDialects())('npm run users audit on %s', (dialect) => {
  let database: TestDatabase;
  let accounts: LocalAccounts;
  const run = (args: string[], stdin = '') => runUsersCommand(args, accounts, { readStdin: async () => stdin, print: () => undefined });
  const entries = async () =>
    (await database.db.selectFrom('audit_entries').selectAll().where('objectKind', '=', 'account').orderBy('seq').execute()).map((row) => ({
      action: row.action,
      objectId: row.objectId,
      actor: row.actor,
      userAgent: row.userAgent,
      before: row.before === null ? null : (JSON.parse(row.before) as unknown),
      after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    }));

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    accounts = createLocalAccounts(database.db);
  });
  afterAll(() => database.destroy());

  it('audits add, reset-password, disable and enable, each with the operator as actor and never the password', async () => {
    expect(await run(['add', 'Ada@Example.com', '--name', 'Ada Admin', '--role', 'admin', '--password-stdin'], 'a long enough secret\n')).toBe(0);
    const sub = (await accounts.findByEmail('ada@example.com'))!.sub;
    expect(await run(['reset-password', 'ada@example.com', '--password-stdin'], 'another long secret\n')).toBe(0);
    expect(await run(['disable', 'ada@example.com'])).toBe(0);
    expect(await run(['enable', 'ada@example.com'])).toBe(0);

    const written = await entries();
    expect(written.map((entry) => [entry.action, entry.objectId, entry.userAgent])).toEqual([
      ['create', sub, 'npm run users -- add'],
      ['password', sub, 'npm run users -- reset-password'],
      ['disable', sub, 'npm run users -- disable'],
      ['enable', sub, 'npm run users -- enable'],
    ]);
    for (const entry of written) expect(entry.actor).toMatch(/^operator /);
    expect(written[0]!.after).toEqual({ email: 'ada@example.com', name: 'Ada Admin', roles: ['admin'], account: null });
    expect(written[2]).toMatchObject({ before: { email: 'ada@example.com', disabled: false }, after: { email: 'ada@example.com', disabled: true } });
    expect(JSON.stringify(written)).not.toMatch(/secret|scrypt/);
    expect(await verifyAuditChain(database.db)).toMatchObject({ intact: true, entries: 4 });
  });

  it('writes no entry when the command fails', async () => {
    const before = (await entries()).length;
    await expect(run(['add', 'ada@example.com', '--name', 'Again', '--role', 'customer', '--password-stdin'], 'a long enough secret\n')).rejects.toThrow(/exists already/);
    await expect(run(['disable', 'nobody@example.com'])).rejects.toThrow(/No local account/);
    expect(await entries()).toHaveLength(before);
  });
});
