import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAccounts } from '../../auth/accounts/local-accounts.ts';
import { runUsersCommand } from '../../auth/accounts/users-command.ts';
import type { Database } from '../../platform/db/schema.ts';
import { fixtureTime, insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { canonicalJson, entryHash, genesisHash } from '../audit/audit-chain.ts';
import { headExtends } from '../audit/audit-verify.ts';
import { commandContext, verifyAuditChain } from '../audit/index.ts';
import { everyRowAsText, seedPersonalRows, type SeededPerson } from './erasure.fixture.ts';
import { eraseUser } from './privacy.service.ts';

/** Appends an entry in hash format 1 (every field hashed in clear), as written before format 2 existed. */
async function appendFormat1Entry(db: Kysely<Database>, who: SeededPerson): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const head = await trx.selectFrom('audit_chain').selectAll().where('id', '=', 'head').executeTakeFirstOrThrow();
    const entry = {
      seq: Number(head.lastSeq) + 1, at: new Date().toISOString(), actor: who.email, actorSub: who.sub, actorRoles: '["publisher"]', actorAccount: null,
      action: 'edit', objectKind: 'document', objectId: 'manual1', before: null, after: canonicalJson({ note: `Checked by ${who.name}` }),
      address: '192.0.2.8', userAgent: 'Old browser', hashFormat: 1, personalSalt: null, personalDigest: null,
    };
    const hash = entryHash(head.lastHash, entry);
    await trx.insertInto('audit_entries').values({ ...entry, prevHash: head.lastHash, hash }).execute();
    await trx.updateTable('audit_chain').set({ lastSeq: entry.seq, lastHash: hash }).where('id', '=', 'head').execute();
    return entry.seq;
  });
}

describe.each(await testDialects())('erasing a user on %s', (dialect) => {
  let t: TestApp;
  let erin: SeededPerson;
  const bob: SeededPerson = { sub: 'sub-bob', email: 'bob.bystander@acme.example', name: 'Bob Bystander', roles: ['customer'], account: 'ACME-001' };
  const admin = testUsers.admin;
  let format1Seq: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'manual1', title: 'R100 manual' });
    await t.db.insertInto('units').values({ id: 'unit-1', serialNumber: 'SN-1', productCode: 'R100', account: 'ACME-001', siteName: null, shippedAt: fixtureTime, labelledAt: null, createdAt: fixtureTime, updatedAt: fixtureTime }).execute();
    const added = await createLocalAccounts(t.db).add({ email: 'Erin.Erasable@acme.example', name: 'Erin Erasable', password: 'a long enough password', roles: ['publisher'], account: 'ACME-001' });
    erin = { sub: added.sub, email: added.email, name: added.name, roles: added.roles, account: added.account };
    await seedPersonalRows(t.db, erin, admin);
    await seedPersonalRows(t.db, bob, admin);
    format1Seq = await appendFormat1Entry(t.db, erin);
  }, 60_000);
  afterAll(() => t.close());

  const erase = async (user: string, confirm: string, who = admin) =>
    t.app.inject({ method: 'POST', url: `/api/Admin/users/${encodeURIComponent(user)}/erase`, payload: { confirm }, headers: await t.authHeaders(who) });
  const exported = async (user: string) => t.app.inject({ url: `/api/Admin/users/${encodeURIComponent(user)}/personal-data`, headers: await t.authHeaders(admin) });
  const mentions = async (...needles: string[]) =>
    (await everyRowAsText(t.db)).filter((row) => needles.some((needle) => row.text.includes(needle.toLowerCase()))).map((row) => row.table);

  it('is for admins only, and asks for the e-mail as confirmation', async () => {
    expect((await erase(erin.email, erin.email, testUsers.publisher)).statusCode).toBe(403);
    expect((await erase(erin.email, erin.email, testUsers.customer)).statusCode).toBe(403);
    const mismatch = await erase(erin.email, 'someone@else.example');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: 'confirmationMismatch' });
    expect((await erase('nobody@nowhere.example', 'nobody@nowhere.example')).json()).toMatchObject({ error: 'userNotFound' });
    expect((await erase(erin.email, 'x'.repeat(400))).statusCode).toBe(400);
    // Nothing changed meanwhile.
    expect((await mentions(erin.email)).length).toBeGreaterThan(10);
  });

  it('exports the rows of every owner before the erasure', async () => {
    const data = (await exported(erin.email)).json();
    expect(data).toMatchObject({ subject: erin.sub, email: erin.email, roles: ['publisher'], localAccount: { name: erin.name } });
    for (const section of ['favorites', 'follows', 'notifications', 'downloads', 'paperRequests', 'imports']) expect(data[section], section).toHaveLength(1);
    expect(data.accessGrants.map((grant: { table: string }) => grant.table).sort()).toEqual(['content_access', 'document_access', 'unit_access']);
    expect(data.auditEntries.length).toBeGreaterThanOrEqual(3);
  });

  it('replaces the person everywhere in one erasure, audited by the admin with the pseudonym', async () => {
    const response = await erase(erin.email.toUpperCase(), ` ${erin.email.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    const { pseudonym, rows, auditEntries } = response.json();
    expect(pseudonym).toMatch(/^erased-[0-9a-f]{12}$/);
    expect(rows).toMatchObject({ users: 1, favorites: 1, 'follows, notifications and alert preferences': 3, 'paper requests': 1, imports: 1, jobs: 1 });
    expect(auditEntries).toEqual({ erased: expect.any(Number), unverifiable: 1 });

    // No row of any table holds the e-mail, the name or the former subject; the bystander is untouched.
    expect(await mentions(erin.email, erin.name, erin.sub)).toEqual([]);
    const bobsTables = ['users', 'favorites', 'follows', 'notifications', 'alert_preferences', 'download_records', 'document_access', 'content_access', 'unit_access', 'paper_requests', 'admin_imports', 'jobs', 'oidc_models', 'audit_entries'];
    expect([...new Set(await mentions(bob.email, bob.name, bob.sub))].sort()).toEqual(bobsTables.sort());

    const [entry] = await t.db.selectFrom('audit_entries').selectAll().where('action', '=', 'erase').execute();
    expect(entry).toMatchObject({ actor: admin.email, objectKind: 'user', objectId: pseudonym });
    expect(JSON.parse(entry!.after!)).toMatchObject({ pseudonym, unverifiableEntries: [format1Seq], erasedEntries: expect.arrayContaining([expect.any(Number)]) });
    // What they published stays, the pseudonym as its author.
    const published = await t.db.selectFrom('audit_entries').select(['actor', 'actorSub', 'address']).where('action', '=', 'publish').where('actorSub', '=', pseudonym).execute();
    expect(published).toEqual([{ actor: pseudonym, actorSub: pseudonym, address: null }]);
    expect(await t.db.selectFrom('documents').select('id').where('id', '=', 'manual1').executeTakeFirst()).toBeDefined();

    // Sessions and tokens gone, the account disabled and its password unusable.
    expect(await t.db.selectFrom('oidc_models').select('id').where('id', 'like', `%${erin.sub}%`).execute()).toEqual([]);
    expect(await t.db.selectFrom('oidc_models').select('id').where('id', 'like', `%${bob.sub}%`).execute()).toHaveLength(3);
    expect(await t.db.selectFrom('local_accounts').select(['disabled', 'passwordHash']).where('sub', '=', pseudonym).executeTakeFirst()).toEqual({ disabled: 1, passwordHash: '' });
    expect(await createLocalAccounts(t.db).authenticate(erin.email, 'a long enough password')).toBeUndefined();
    // Download statistics keep their rows, under the pseudonym.
    expect(await t.db.selectFrom('download_records').select('id').where('userSub', '=', pseudonym).execute()).toHaveLength(1);
  });

  it('keeps the chain verifiable, the format-1 entry counted as unverifiable content, and the head signable', async () => {
    expect(await verifyAuditChain(t.db)).toMatchObject({ intact: true, erased: { entries: expect.any(Number), contentUnverifiable: 1 } });
    // What the checkpoint schedule checks before it signs: the head still extends a checkpoint taken before the erasure.
    expect(await headExtends(t.db, { seq: 0, hash: genesisHash })).toBeUndefined();
  });

  it('exports the pseudonym afterwards, and knows the e-mail no more', async () => {
    const { pseudonym } = JSON.parse((await t.db.selectFrom('audit_entries').select('after').where('action', '=', 'erase').executeTakeFirstOrThrow()).after!) as { pseudonym: string };
    const response = await exported(pseudonym);
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data).toMatchObject({ subject: pseudonym, email: pseudonym, favorites: [], follows: [], notifications: [], preferences: null, accessGrants: [] });
    expect(data.downloads).toHaveLength(1);
    expect(data.auditEntries.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['download', 'publish']));
    expect((await exported(erin.email)).statusCode).toBe(404);
    expect((await erase(pseudonym, pseudonym)).json()).toMatchObject({ error: 'alreadyErased' });
  });

  it('still detects a salt dropped outside an erasure, and an erasure whose list was extended', async () => {
    const bobEntry = await t.db.selectFrom('audit_entries').select(['seq', 'personalSalt']).where('actorSub', '=', bob.sub).orderBy('seq').executeTakeFirstOrThrow();
    await t.db.updateTable('audit_entries').set({ personalSalt: null, actor: 'someone-else' }).where('seq', '=', bobEntry.seq).execute();
    expect(await verifyAuditChain(t.db)).toMatchObject({ intact: false, broken: { seq: bobEntry.seq, reason: expect.stringMatching(/salt missing/) } });
    expect(await headExtends(t.db, { seq: 0, hash: genesisHash })).toMatch(/does not follow/);

    const erasure = await t.db.selectFrom('audit_entries').select(['seq', 'after']).where('action', '=', 'erase').executeTakeFirstOrThrow();
    const listed = JSON.parse(erasure.after!) as { erasedEntries: number[] };
    const forged = canonicalJson({ ...listed, erasedEntries: [...listed.erasedEntries, bobEntry.seq] });
    await t.db.updateTable('audit_entries').set({ after: forged }).where('seq', '=', erasure.seq).execute();
    expect(await verifyAuditChain(t.db)).toMatchObject({ intact: false, broken: { seq: erasure.seq, reason: expect.stringMatching(/hash differs/) } });

    await t.db.updateTable('audit_entries').set({ after: erasure.after }).where('seq', '=', erasure.seq).execute();
    await t.db.updateTable('audit_entries').set({ personalSalt: bobEntry.personalSalt, actor: bob.email }).where('seq', '=', bobEntry.seq).execute();
    expect(await verifyAuditChain(t.db)).toMatchObject({ intact: true });
  });

  it('erases from the command line too, recorded by the operator, and carries an erased admin’s erasure list forward', async () => {
    const accounts = createLocalAccounts(t.db);
    const printed: string[] = [];
    const io = { readStdin: async () => '', print: (line: string) => void printed.push(line), erase: (email: string, confirm: string) => eraseUser(t.db, commandContext('npm run users -- erase'), email, confirm) };
    // The admin who erased Erin is erased in turn: the first erasure entry loses its salt, the new one lists what it listed.
    expect(await runUsersCommand(['erase', admin.email, '--confirm', admin.email], accounts, io)).toBe(0);
    expect(printed.at(-1)).toMatch(/is erased: the portal now knows them only as erased-/);
    const erasures = await t.db.selectFrom('audit_entries').select(['seq', 'actor', 'after', 'personalSalt']).where('action', '=', 'erase').orderBy('seq').execute();
    expect(erasures).toHaveLength(2);
    expect(erasures[0]!.personalSalt).toBeNull();
    expect(erasures[1]!.actor).toMatch(/^operator /);
    const first = JSON.parse(erasures[0]!.after!) as { erasedEntries: number[]; unverifiableEntries: number[] };
    const second = JSON.parse(erasures[1]!.after!) as { erasedEntries: number[]; unverifiableEntries: number[] };
    expect(second.erasedEntries).toEqual(expect.arrayContaining([...first.erasedEntries, erasures[0]!.seq]));
    expect(second.unverifiableEntries).toEqual(expect.arrayContaining(first.unverifiableEntries));
    expect(await verifyAuditChain(t.db)).toMatchObject({ intact: true });
    expect(await mentions(admin.email)).toEqual([]);
    await expect(runUsersCommand(['erase', bob.email], accounts, io)).rejects.toThrow(/--confirm/);
  });
});
