import type { Kysely } from 'kysely';

/**
 * State the sign-in must share between processes and keep over restarts: the embedded provider's
 * models (sessions, interactions, grants, codes, tokens), its keys and secrets, and local accounts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oidc_models')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text')
    .addColumn('grantId', 'text')
    .addColumn('userCode', 'text')
    .addColumn('uid', 'text')
    .addColumn('consumedAt', 'text')
    .addPrimaryKeyConstraint('oidc_models_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_models_grant_idx').on('oidc_models').columns(['model', 'grantId']).execute();
  await db.schema.createIndex('oidc_models_uid_idx').on('oidc_models').columns(['model', 'uid']).execute();
  await db.schema.createIndex('oidc_models_user_code_idx').on('oidc_models').columns(['model', 'userCode']).execute();
  await db.schema.createIndex('oidc_models_expires_idx').on('oidc_models').column('expiresAt').execute();

  await db.schema
    .createTable('shared_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('local_accounts')
    .addColumn('sub', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('account', 'text')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
}
