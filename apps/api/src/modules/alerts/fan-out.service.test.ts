import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '@portal/contracts/users';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { alertJobKinds } from './alert-job-kinds.ts';
import { runAlertTick } from './alert-schedule.service.ts';
import { fanOutPublication } from './fan-out.service.ts';

const now = '2026-03-01T00:00:00.000Z';

describe.each(await testDialects())('the fan-out on %s', (dialect) => {
  let t: TestDatabase;
  const seen = (user: AuthUser) => ({ id: user.sub, sub: user.sub, email: user.email, name: user.name, roles: JSON.stringify(user.roles), account: user.account, firstSeenAt: now, lastSeenAt: now });
  const follow = (user: AuthUser, kind: 'document' | 'product' | 'search', itemId: string) =>
    t.db.insertInto('follows').values({ userSub: user.sub, kind, itemId, title: itemId, createdAt: now }).execute();
  const notified = async (versionId: string) =>
    (await t.db.selectFrom('notifications').select('userSub').where('versionId', '=', versionId).orderBy('userSub').execute()).map((row) => row.userSub);
  const jobs = (kind: string) => t.db.selectFrom('jobs').selectAll().where('kind', '=', kind).execute();

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await insertReferenceData(t.db);
    await t.db.insertInto('users').values(Object.values(users).map(seen)).execute();
    await insertDocument(t.db, { id: 'pump', title: 'Pump manual', products: ['R100'], versions: [{ resourceVersion: 'A', significant: 1 }, { resourceVersion: 'B', significant: 0, createdAt: '2026-01-02T00:00:00.000Z' }, { resourceVersion: 'C', significant: 1, createdAt: '2026-01-03T00:00:00.000Z' }] });
    await insertDocument(t.db, { id: 'acme-only', products: ['G20'], audience: 'restricted', rules: [{ kind: 'account', value: 'ACME' }], versions: [{ resourceVersion: 'A' }] });
    await t.db.insertInto('alert_preferences').values({ userSub: users.customer.sub, email: 'immediate', autoFollowDownloads: 1, language: 'en-US', lastDigestAt: null, updatedAt: now }).execute();
    await follow(users.customer, 'search', 'q=pump');
    await follow(users.partner, 'search', 'q=gripper');
    await follow(users.otherCustomer, 'document', 'pump');
    for (const user of [users.customer, users.otherCustomer, users.employee]) await follow(user, 'product', 'G20');
  });
  afterAll(() => t.destroy());

  it('notifies document and matching search followers of a new document, once however they follow it', async () => {
    expect(await fanOutPublication(t, 'pump-A')).toBe(2);
    expect(await notified('pump-A')).toEqual([users.customer.sub, users.otherCustomer.sub].sort());
    const row = await t.db.selectFrom('notifications').selectAll().where('userSub', '=', users.customer.sub).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ event: 'newDocument', title: 'Pump manual', versionLabel: 'A', link: '/DocumentLink/PUMP-A', mailStatus: 'pending', readAt: null });
    // Only the customer is mailed at once (the other has the default daily digest): one mail job.
    expect((await jobs(alertJobKinds.mail)).map((job) => JSON.parse(job.payload))).toEqual([{ ids: [row.id] }]);

    // A retried job adds nothing.
    await fanOutPublication(t, 'pump-A');
    expect(await notified('pump-A')).toHaveLength(2);
    expect(await jobs(alertJobKinds.mail)).toHaveLength(1);
  });

  it('notifies nobody of a version not flagged significant, and everyone of a significant one', async () => {
    expect(await fanOutPublication(t, 'pump-B')).toBe(0);
    expect(await notified('pump-B')).toEqual([]);
    expect(await fanOutPublication(t, 'pump-C')).toBe(2);
    expect((await t.db.selectFrom('notifications').select('event').where('versionId', '=', 'pump-C').execute()).map((row) => row.event)).toEqual(['newVersion', 'newVersion']);
  });

  it('leaves out product followers who may not see the document', async () => {
    expect(await fanOutPublication(t, 'acme-only-A')).toBe(2);
    expect(await notified('acme-only-A')).toEqual([users.customer.sub, users.employee.sub].sort());
  });

  it('ticks hourly: digests of the users whose period has passed, mails a failing server left behind queued again', async () => {
    await t.db.updateTable('notifications').set({ mailQueuedAt: '2026-01-01T00:00:00.000Z' }).where('userSub', '=', users.customer.sub).execute();
    await t.db.insertInto('alert_preferences').values({ userSub: users.otherCustomer.sub, email: 'daily', autoFollowDownloads: 1, language: 'de-DE', lastDigestAt: null, updatedAt: now }).execute();
    const before = (await jobs(alertJobKinds.mail)).length;
    const tickAt = Date.now();
    await runAlertTick(t.db, tickAt);

    const requeued = (await jobs(alertJobKinds.mail)).slice(before);
    expect(requeued.flatMap((job) => JSON.parse(job.payload).ids as string[])).toHaveLength(3);
    // The employee never chose: the default is a daily digest.
    expect((await jobs(alertJobKinds.digest)).map((job) => JSON.parse(job.payload).userSub).sort()).toEqual([users.employee.sub, users.otherCustomer.sub].sort());
    const [next] = await jobs(alertJobKinds.tick);
    expect(new Date(next.runAfter).getTime()).toBeGreaterThan(tickAt);

    // Within the hour nothing is queued twice.
    await runAlertTick(t.db, tickAt + 1000);
    expect(await jobs(alertJobKinds.mail)).toHaveLength(before + requeued.length);
    expect(await jobs(alertJobKinds.digest)).toHaveLength(2);
  });
});
