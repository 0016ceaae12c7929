import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Role } from '@portal/contracts/users';
import { dialectOf } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { auditActorOf, recordAudit, userContext } from '../audit/index.ts';

/* A person with a row in every table that can hold a person's id, e-mail or name (the erasure test's seed). */

export interface SeededPerson {
  sub: string;
  email: string;
  name: string;
  roles: Role[];
  account: string | null;
}

const at = '2026-11-01T10:00:00.000Z';

/** The rows about `who` of every owner, beside a document `manual1` and a unit `unit-1` that must exist. */
export async function seedPersonalRows(db: Kysely<Database>, who: SeededPerson, admin: SeededPerson): Promise<void> {
  const tag = who.sub;
  await db.insertInto('users').values({ id: randomUUID(), sub: who.sub, email: who.email, name: who.name, roles: JSON.stringify(who.roles), account: who.account, firstSeenAt: at, lastSeenAt: at }).execute();
  await db.insertInto('favorites').values({ userSub: who.sub, itemKind: 'document', itemId: 'manual1', title: 'R100 manual', createdAt: at }).execute();
  await db.insertInto('follows').values({ userSub: who.sub, kind: 'product', itemId: 'R100', title: 'Robot R100', createdAt: at }).execute();
  await db.insertInto('alert_preferences').values({ userSub: who.sub, email: 'weekly', autoFollowDownloads: 1, language: 'de', lastDigestAt: null, updatedAt: at }).execute();
  await db.insertInto('notifications').values({
    id: randomUUID(), userSub: who.sub, event: 'newDocument', documentId: 'manual1', versionId: 'manual1-A', title: 'R100 manual', versionLabel: 'A',
    changeNote: '', link: '/documents/manual1', createdAt: at, readAt: null, mailStatus: 'pending', mailQueuedAt: null, mailedAt: null,
  }).execute();
  await db.insertInto('download_records').values({ id: randomUUID(), userSub: who.sub, itemKind: 'document', itemId: 'manual1', versionId: null, versionLabel: 'A', fileName: 'manual1.pdf', fileId: null, createdAt: at }).execute();
  await db.insertInto('document_access').values([
    { documentId: 'manual1', kind: 'user', value: who.email, expiresAt: null, grantedBy: admin.sub, createdAt: at },
    // A grant the person gave (as a publisher) to someone else.
    { documentId: 'manual1', kind: 'user', value: `friend-${randomUUID().slice(0, 8)}@example.com`, expiresAt: null, grantedBy: who.sub, createdAt: at },
  ]).execute();
  await db.insertInto('content_access').values({ subjectType: 'software-item', subjectId: 'sw-1', kind: 'user', value: who.email, expiresAt: null, createdAt: at }).execute();
  await db.insertInto('unit_access').values({ unitId: 'unit-1', kind: 'user', value: who.email, expiresAt: null, createdAt: at }).execute();
  await db.insertInto('paper_requests').values({
    id: randomUUID(), unitId: 'unit-1', serialNumber: 'SN-1', account: 'ACME-001', requesterSub: who.sub, requesterName: who.name, language: 'en',
    postalAddress: `${who.name}\n1 Main Street\n12345 Town`, contact: who.email, state: 'shipped', requestedAt: at, dueAt: at,
    printedAt: at, printedNote: `Phoned ${who.email}`, shippedAt: at, shippedNote: 'Parcel',
  }).execute();
  const importAudit = { actor: auditActorOf(who), address: '192.0.2.9', userAgent: 'Import browser', source: 'import' };
  await db.insertInto('admin_imports').values({
    id: randomUUID(), source: 'manuals.zip', kind: 'zip', status: 'done', report: null, error: null, audit: JSON.stringify(importAudit),
    createdBy: who.email, createdAt: at, updatedAt: at, finishedAt: at,
  }).execute();
  await enqueueJob(db, { kind: 'test.digest', payload: { userSub: who.sub }, dedupeKey: `test.digest:${who.sub}:slot` });
  const grantId = `grant-${tag}`;
  await db.insertInto('oidc_models').values([
    { model: 'Session', id: `session-${tag}`, payload: JSON.stringify({ accountId: who.sub, uid: `uid-${tag}` }), expiresAt: null, grantId: null, userCode: null, uid: `uid-${tag}`, consumedAt: null },
    { model: 'Grant', id: grantId, payload: JSON.stringify({ accountId: who.sub, clientId: 'portal' }), expiresAt: null, grantId, userCode: null, uid: null, consumedAt: null },
    { model: 'RefreshToken', id: `refresh-${tag}`, payload: JSON.stringify({ grantId, clientId: 'portal' }), expiresAt: null, grantId, userCode: null, uid: null, consumedAt: null },
  ]).execute();
  // The person as actor (with address and browser), as the object of an admin's grant, and as publisher.
  await recordAudit(db, { actor: auditActorOf(who), address: '192.0.2.7', userAgent: 'Firefox', source: 'request' }, { action: 'download', object: { kind: 'document', id: 'manual1' }, after: { fileName: 'manual1.pdf' } });
  await recordAudit(db, userContext(admin), { action: 'grant', object: { kind: 'document', id: 'manual1' }, after: { user: who.email, expiresAt: null } });
  await recordAudit(db, userContext(who), { action: 'publish', object: { kind: 'document', id: 'manual1' }, after: { title: 'R100 manual', author: who.name } });
}

/** Every row of every table of the database (from its catalogue), each as one lower-case text. */
export async function everyRowAsText(db: Kysely<Database>): Promise<{ table: string; text: string }[]> {
  const tables =
    dialectOf(db as unknown as Kysely<unknown>) === 'postgres'
      ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
  const rows: { table: string; text: string }[] = [];
  for (const { name } of tables) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    for (const row of result.rows) {
      const values = Object.values(row).map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value));
      rows.push({ table: name, text: JSON.stringify(values).toLowerCase() });
    }
  }
  if (tables.length < 40) throw new Error(`only ${tables.length} tables found in the catalogue`);
  return rows;
}
