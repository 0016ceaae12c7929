import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { alertJobsSettled, mailsOf, startSmtpServer } from '../alerts/alert-mail.fixture.ts';
import { seedUnitFixtures } from '../units/units.fixture.ts';
import { feedbackRateLimit } from './feedback.service.ts';

/*
 * "Was this helpful?" through the real routes on both databases: the reader's answer on what they may see,
 * the console's triage queue (new → in progress → fixed, audited) and the reader told of the fix by
 * notification and mail; bad input, floods, hidden subjects and customers on the console's routes refused.
 */

describe.each(await testDialects())('feedback on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Portal <portal@maker.example>' });
    await seedUnitFixtures(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const as = async (user: TestUserInput, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...(await t.authHeaders(user)), 'accept-language': 'de-DE,de;q=0.9' } });
  const send = (user: TestUserInput, payload: object) => as(user, 'POST', '/api/Feedback', payload);

  it('takes a no with its reason and comment, runs it through the triage and tells the reader of the fix', async () => {
    expect((await as(testUsers.customer, 'PUT', '/api/Me/preferences', { email: 'immediate', language: 'en-US' })).statusCode).toBe(200);
    const sent = await send(testUsers.customer, {
      subject: { kind: 'document', documentId: 'man-en', versionId: 'man-en-B' },
      helpful: false,
      reason: 'outdated',
      comment: '  The torque table is the old one.\nPage 12.  ',
    });
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json() as { id: string };
    // The reader learns nothing but their receipt.
    expect(Object.keys(sent.json()).sort()).toEqual(['createdAt', 'id']);
    expect((await send(testUsers.customer, { subject: { kind: 'software', equipmentName: 'R100FW' }, helpful: true })).statusCode).toBe(201);
    expect((await send(testUsers.customer, { subject: { kind: 'unit', serial: 'R100-0001' }, helpful: true })).statusCode).toBe(201);

    const queue = await as(testUsers.publisher, 'GET', '/api/Admin/feedback?subjectKind=document&subjectId=man-en');
    expect(queue.statusCode).toBe(200);
    const item = queue.json().items.find((entry: { id: string }) => entry.id === id);
    expect(item).toMatchObject({
      subject: { kind: 'document', id: 'man-en', key: 'MANEN', title: 'Title of man-en', versionId: 'man-en-B', versionLabel: 'B' },
      helpful: false,
      reason: 'outdated',
      comment: 'The torque table is the old one.\nPage 12.',
      reader: testUsers.customer.name,
      language: 'de',
      status: 'new',
      note: '',
    });
    expect(queue.json().subjects).toEqual([{ kind: 'document', id: 'man-en', title: 'Title of man-en', helpful: 0, notHelpful: 1, open: 1 }]);

    const progress = await as(testUsers.publisher, 'POST', `/api/Admin/feedback/${id}/status`, { status: 'inProgress', note: 'Checking with engineering' });
    expect(progress.statusCode).toBe(200);
    expect(progress.json()).toMatchObject({ status: 'inProgress', note: 'Checking with engineering' });
    // Not fixed yet: the reader hears nothing.
    const notifications = async () =>
      ((await as(testUsers.customer, 'GET', '/api/Notifications?pageSize=100')).json().items as Array<{ event: string; documentId: string }>).filter((entry) => entry.event === 'feedbackFixed');
    expect(await notifications()).toEqual([]);

    const fixed = await as(testUsers.publisher, 'POST', `/api/Admin/feedback/${id}/status`, { status: 'fixed', note: 'Version C has the new table' });
    expect(fixed.json()).toMatchObject({ status: 'fixed', note: 'Version C has the new table' });
    await alertJobsSettled(t);
    expect(await notifications()).toEqual([
      expect.objectContaining({ documentId: id, title: 'Title of man-en', versionLabel: 'fixed', changeNote: 'Version C has the new table', link: '/DocumentLink/MANEN-B' }),
    ]);
    const mails = mailsOf(smtp.received, testUsers.customer.email).filter((mail) => mail.subject === 'Your feedback was addressed: Title of man-en');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Version C has the new table');
    // Marking it fixed again tells nobody twice.
    await as(testUsers.publisher, 'POST', `/api/Admin/feedback/${id}/status`, { status: 'fixed', note: 'Still fixed' });
    await alertJobsSettled(t);
    expect(await notifications()).toHaveLength(1);

    // Every change is in the audit log with its note.
    const audit = await t.db.selectFrom('audit_entries').select(['objectKind', 'objectId', 'action', 'after']).where('objectKind', '=', 'feedback').where('objectId', '=', id).execute();
    expect(audit.map((entry) => JSON.parse(entry.after ?? 'null'))).toEqual(
      expect.arrayContaining([{ status: 'inProgress', note: 'Checking with engineering' }, { status: 'fixed', note: 'Version C has the new table' }]),
    );
  });

  it('refuses bad input with 400', async () => {
    const bad = [
      { subject: { kind: 'document', documentId: 'man-en' }, helpful: false },
      { subject: { kind: 'document', documentId: 'man-en' }, helpful: true, reason: 'outdated' },
      { subject: { kind: 'document', documentId: 'man-en' }, helpful: false, reason: 'boring' },
      { subject: { kind: 'document', documentId: 'man-en' }, helpful: false, reason: 'incorrect', comment: 'x'.repeat(1001) },
      { subject: { kind: 'document', documentId: 'man-en' }, helpful: false, reason: 'incorrect', comment: '<script>alert(1)</script>' },
      { subject: { kind: 'page', id: 'x' }, helpful: true },
      { subject: { kind: 'unit', serial: 'R100-0001' }, helpful: 'yes' },
    ];
    for (const payload of bad) expect((await send(testUsers.customer, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const status = await as(testUsers.publisher, 'POST', '/api/Admin/feedback/some-id/status', { status: 'done', note: '' });
    expect(status.statusCode).toBe(400);
    expect((await as(testUsers.publisher, 'GET', '/api/Admin/feedback?status=closed')).statusCode).toBe(400);
  });

  it('answers 404 for a subject the reader may not see, as for a missing one', async () => {
    for (const subject of [
      { kind: 'document', documentId: 'secret' },
      { kind: 'document', documentId: 'no-such-document' },
      { kind: 'document', documentId: 'man-en', versionId: 'secret-A' },
      { kind: 'unit', serial: 'R100-0300' },
      { kind: 'unit', serial: 'R999-0001' },
      { kind: 'software', equipmentName: 'NOPE' },
    ]) {
      expect((await send(testUsers.customer, { subject, helpful: true })).statusCode, JSON.stringify(subject)).toBe(404);
    }
    expect((await as(testUsers.publisher, 'POST', '/api/Admin/feedback/no-such-id/status', { status: 'fixed' })).statusCode).toBe(404);
  });

  it('keeps customers off the console routes (403)', async () => {
    expect((await as(testUsers.customer, 'GET', '/api/Admin/feedback')).statusCode).toBe(403);
    expect((await as(testUsers.customer, 'GET', '/api/Admin/feedback/helpful-shares?documentIds=man-en')).statusCode).toBe(403);
    expect((await as(testUsers.customer, 'POST', '/api/Admin/feedback/x/status', { status: 'fixed' })).statusCode).toBe(403);
  });

  it('gives the documents table each document’s helpful share', async () => {
    expect((await send(testUsers.partner, { subject: { kind: 'document', documentId: 'ceil' }, helpful: true })).statusCode).toBe(201);
    expect((await send(testUsers.partner, { subject: { kind: 'document', documentId: 'ceil' }, helpful: true })).statusCode).toBe(201);
    expect((await send(testUsers.partner, { subject: { kind: 'document', documentId: 'ceil' }, helpful: false, reason: 'wrongLanguage' })).statusCode).toBe(201);
    const shares = await as(testUsers.publisher, 'GET', '/api/Admin/feedback/helpful-shares?documentIds=ceil,range');
    expect(shares.json().items).toEqual([
      { documentId: 'ceil', helpful: 2, notHelpful: 1, share: 2 / 3 },
      { documentId: 'range', helpful: 0, notHelpful: 0, share: null },
    ]);
  });

  it('orders the queue by subject, the subject with the most open items first', async () => {
    const queue = (await as(testUsers.publisher, 'GET', '/api/Admin/feedback?pageSize=100')).json() as { items: Array<{ subject: { kind: string; id: string } }>; subjects: Array<{ kind: string; id: string; open: number }> };
    const runs = queue.items.map((entry) => `${entry.subject.kind}:${entry.subject.id}`).filter((key, index, keys) => key !== keys[index - 1]);
    expect(new Set(runs).size).toBe(runs.length);
    const openOf = (key: string) => queue.subjects.find((subject) => `${subject.kind}:${subject.id}` === key)!.open;
    const opens = runs.map(openOf);
    expect(opens).toEqual([...opens].sort((a, b) => b - a));
  });

  it('hands a reader’s answers to the personal-data export', async () => {
    const admin = await t.authHeaders(testUsers.admin);
    const exported = await t.app.inject({ url: `/api/Admin/users/${encodeURIComponent(testUsers.partner.sub)}/personal-data`, headers: admin });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().feedback).toEqual(expect.arrayContaining([expect.objectContaining({ subjectId: 'ceil', reason: 'wrongLanguage', readerSub: testUsers.partner.sub })]));
  });

  it('limits each reader to a number of answers an hour (429), not the others', async () => {
    const reader = { ...testUsers.customer, sub: 'sub-flooder', email: 'flood@acme.example', name: 'Flo' };
    for (let index = 0; index < feedbackRateLimit.perHour; index += 1) {
      expect((await send(reader, { subject: { kind: 'unit', serial: 'R100-0001' }, helpful: true })).statusCode).toBe(201);
    }
    const refused = await send(reader, { subject: { kind: 'unit', serial: 'R100-0001' }, helpful: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rateLimited');
    expect((await send(testUsers.employee, { subject: { kind: 'unit', serial: 'R100-0001' }, helpful: true })).statusCode).toBe(201);
  });
});
