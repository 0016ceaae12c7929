import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { roleSchema, type Role } from '@portal/contracts/users';
import { commandContext, recordAudit, type AuditContext } from '../../modules/audit/index.ts';
import type { Database, LocalAccountsTable } from '../../platform/db/schema.ts';
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
  const update = async (email: string, values: Partial<LocalAccountsTable>) => {
    const result = await db
      .updateTable('local_accounts')
      .set({ ...values, updatedAt: new Date().toISOString() })
      .where('email', '=', normalEmail(email))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new Error(`No local account has the e-mail ${normalEmail(email)}`);
  };

  return {
    async add(input: NewLocalAccount): Promise<LocalAccount> {
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
      const existing = await db.selectFrom('local_accounts').select('sub').where('email', '=', row.email).executeTakeFirst();
      if (existing) throw new Error(`A local account with the e-mail ${row.email} exists already`);
      await db.insertInto('local_accounts').values(row).execute();
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
    setDisabled: (email: string, disabled: boolean) => update(email, { disabled: disabled ? 1 : 0 }),
    resetPassword: async (email: string, password: string) => update(email, { passwordHash: await hashPassword(password) }),
  };
}

export type LocalAccounts = ReturnType<typeof createLocalAccounts>;
