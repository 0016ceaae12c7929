import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { roleSchema, type Role } from '@portal/contracts/users';
import { commandContext, recordAudit, type AuditContext } from '../../modules/audit/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { LocalAccountsTable } from '../auth.tables.ts';
import { generatedPassword, hashPassword, verifyPassword } from './password-hash.ts';

export interface LocalAccount {
  sub: string;
  email: string;
  name: string;
  roles: Role[];
  account: string | null;
  disabled: boolean;
}

export interface NewLocalAccount {
  email: string;
  name: string;
  password: string;
  roles: Role[];
  account?: string | null;
}

const normalEmail = (email: string) => email.trim().toLowerCase();

function fromRow(row: Omit<LocalAccountsTable, 'passwordHash'>): LocalAccount {
  const parsed = JSON.parse(row.roles) as unknown[];
  const roles = parsed.filter((role): role is Role => roleSchema.safeParse(role).success);
  return { sub: row.sub, email: row.email, name: row.name, roles, account: row.account, disabled: row.disabled === 1 };
}

const accountColumns = ['sub', 'email', 'name', 'roles', 'account', 'disabled', 'createdAt', 'updatedAt'] as const;

/** Accounts of the embedded provider, kept in the database (managed with `npm run users`). */
export function createLocalAccounts(db: Kysely<Database>) {
  let dummyHash: Promise<string> | undefined;
  /** Changes one account and writes its audit entry in the same transaction (the password hash itself is never audited). */
  const update = (email: string, values: Partial<LocalAccountsTable>, audit: AuditContext, action: 'disable' | 'enable' | 'password') =>
    db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('local_accounts').select(['sub', 'disabled']).where('email', '=', normalEmail(email)).executeTakeFirst();
      if (!row) throw new Error(`No local account has the e-mail ${normalEmail(email)}`);
      await trx.updateTable('local_accounts').set({ ...values, updatedAt: new Date().toISOString() }).where('sub', '=', row.sub).execute();
      const state = (disabled: number) => ({ email: normalEmail(email), disabled: disabled === 1 });
      await recordAudit(trx, audit, {
        action,
        object: { kind: 'account', id: row.sub },
        ...(action === 'password' ? { after: { email: normalEmail(email) } } : { before: state(row.disabled), after: state(values.disabled ?? row.disabled) }),
      });
    });

  return {
    /** Adds an account; it and its `create` audit entry (who, roles, account; never the password) commit together. */
    async add(input: NewLocalAccount, audit: AuditContext = commandContext('npm run users -- add')): Promise<LocalAccount> {
      const now = new Date().toISOString();
      const row = {
        sub: `local-${randomUUID()}`,
        email: normalEmail(input.email),
        name: input.name.trim(),
        passwordHash: await hashPassword(input.password),
        roles: JSON.stringify([...new Set(input.roles)]),
        account: input.account ?? null,
        disabled: 0,
        createdAt: now,
        updatedAt: now,
      };
      await db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('local_accounts').select('sub').where('email', '=', row.email).executeTakeFirst();
        if (existing) throw new Error(`A local account with the e-mail ${row.email} exists already`);
        await trx.insertInto('local_accounts').values(row).execute();
        const { sub, email, name, roles, account } = fromRow(row);
        await recordAudit(trx, audit, { action: 'create', object: { kind: 'account', id: sub }, after: { email, name, roles, account } });
      });
      return fromRow(row);
    },
    async findBySub(sub: string): Promise<LocalAccount | undefined> {
      const row = await db.selectFrom('local_accounts').select(accountColumns).where('sub', '=', sub).executeTakeFirst();
      return row && fromRow(row);
    },
    async findByEmail(email: string): Promise<LocalAccount | undefined> {
      const row = await db.selectFrom('local_accounts').select(accountColumns).where('email', '=', normalEmail(email)).executeTakeFirst();
      return row && fromRow(row);
    },
    /** The enabled account with these credentials, or undefined. */
    async authenticate(email: string, password: string): Promise<LocalAccount | undefined> {
      const row = await db.selectFrom('local_accounts').selectAll().where('email', '=', normalEmail(email)).executeTakeFirst();
      // An unknown address costs the same scrypt work, so timing does not tell which addresses exist.
      dummyHash ??= hashPassword(generatedPassword());
      const matches = await verifyPassword(password, row?.passwordHash ?? (await dummyHash));
      return row && matches && row.disabled === 0 ? fromRow(row) : undefined;
    },
    /** Changes roles (and the account when given); the change and its `role` audit entry commit together. */
    setRoles: (email: string, roles: Role[], account?: string | null, audit: AuditContext = commandContext('npm run users')) =>
      db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('local_accounts').select(['sub', 'roles', 'account']).where('email', '=', normalEmail(email)).executeTakeFirst();
        if (!before) throw new Error(`No local account has the e-mail ${normalEmail(email)}`);
        const after = { roles: [...new Set(roles)], account: account === undefined ? before.account : account };
        await trx
          .updateTable('local_accounts')
          .set({ roles: JSON.stringify(after.roles), account: after.account, updatedAt: new Date().toISOString() })
          .where('sub', '=', before.sub)
          .execute();
        await recordAudit(trx, audit, {
          action: 'role',
          object: { kind: 'account', id: before.sub },
          before: { email: normalEmail(email), roles: JSON.parse(before.roles) as unknown, account: before.account },
          after: { email: normalEmail(email), ...after },
        });
      }),
    setDisabled: (email: string, disabled: boolean, audit: AuditContext = commandContext(`npm run users -- ${disabled ? 'disable' : 'enable'}`)) =>
      update(email, { disabled: disabled ? 1 : 0 }, audit, disabled ? 'disable' : 'enable'),
    resetPassword: async (email: string, password: string, audit: AuditContext = commandContext('npm run users -- reset-password')) =>
      update(email, { passwordHash: await hashPassword(password) }, audit, 'password'),
  };
}

export type LocalAccounts = ReturnType<typeof createLocalAccounts>;
