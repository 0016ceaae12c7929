import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { createLocalAccounts, type LocalAccounts } from './local-accounts.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { runUsersCommand } from './users-command.ts';

describe('password hashes', () => {
  it('are salted scrypt hashes that verify only the right password', async () => {
    const [first, second] = [await hashPassword('correct horse battery'), await hashPassword('correct horse battery')];
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
  });

  it('never match a malformed or absurdly expensive hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$8$1$c2FsdA$aGFzaA', `scrypt$${2 ** 30}$8$1$c2FsdA$${'A'.repeat(43)}`]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});

describe.each(await testDialects())('npm run users on %s', (dialect) => {
  let database: TestDatabase;
  let accounts: LocalAccounts;
  let printed: string[];
  const run = (args: string[], stdin = '') => {
    printed = [];
    return runUsersCommand(args, accounts, { readStdin: async () => stdin, print: (line) => printed.push(line) });
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    accounts = createLocalAccounts(database.db);
  });
  afterAll(() => database.destroy());

  it('adds an account with a password read from stdin, stored only as a hash', async () => {
    expect(await run(['add', 'Carol@Example.com', '--name', 'Carol C', '--role', 'customer', '--account', 'ACME-001', '--password-stdin'], 'a long secret pass\n')).toBe(0);
    expect(await accounts.authenticate('carol@example.com', 'a long secret pass')).toMatchObject({ email: 'carol@example.com', roles: ['customer'], account: 'ACME-001' });
    expect(await accounts.authenticate('carol@example.com', 'a long secret pas')).toBeUndefined();
    const row = await database.db.selectFrom('local_accounts').selectAll().executeTakeFirstOrThrow();
    expect(row.passwordHash).not.toContain('a long secret pass');
    await expect(run(['add', 'carol@example.com', '--name', 'Again', '--role', 'customer'])).rejects.toThrow(/exists already/);
  });

  it('generates and prints a password once when none is given', async () => {
    expect(await run(['add', 'dan@example.com', '--name', 'Dan', '--role', 'employee'])).toBe(0);
    const password = /Password \(shown only now\): (\S+)/.exec(printed.join('\n'))![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(await accounts.authenticate('dan@example.com', password)).toMatchObject({ roles: ['employee'] });
  });

  it('changes roles, disables, enables and resets the password', async () => {
    await run(['set-role', 'dan@example.com', '--role', 'admin', '--role', 'employee']);
    expect((await accounts.findByEmail('dan@example.com'))!.roles).toEqual(['admin', 'employee']);
    await run(['reset-password', 'dan@example.com', '--password-stdin'], 'another long pass');
    expect(await accounts.authenticate('dan@example.com', 'another long pass')).toBeDefined();
    await run(['disable', 'dan@example.com']);
    expect(await accounts.authenticate('dan@example.com', 'another long pass')).toBeUndefined();
    await run(['enable', 'dan@example.com']);
    expect(await accounts.authenticate('dan@example.com', 'another long pass')).toBeDefined();
  });

  it('refuses unknown roles, short passwords, bad addresses and unknown accounts', async () => {
    await expect(run(['add', 'eve@example.com', '--name', 'Eve', '--role', 'root'])).rejects.toThrow(/Unknown role/);
    await expect(run(['add', 'eve@example.com', '--name', 'Eve', '--role', 'customer', '--password-stdin'], 'short')).rejects.toThrow(/at least 12/);
    await expect(run(['add', 'not an address', '--name', 'Eve', '--role', 'customer'])).rejects.toThrow(/no e-mail/);
    await expect(run(['disable', 'nobody@example.com'])).rejects.toThrow(/No local account/);
    expect(await run(['frobnicate', 'eve@example.com'])).toBe(2);
  });
});
