import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { mailsOf, startSmtpServer } from '../alerts/alert-mail.fixture.ts';
import { seedUnitFixtures } from '../units/units.fixture.ts';
import { backgroundJobHandlers } from '../../background-jobs.ts';
import { paperReminderJobKind, sendPaperReminders } from './paper-request-reminders.ts';
import { reminderDeps } from './paper-request.jobs.ts';

/* Reminders of the one-month promise, with an injected clock and mails to a real SMTP server. */

describe.each(await testDialects())('paper request reminders on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const day = 24 * 60 * 60_000;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Portal <portal@maker.example>' });
    await seedUnitFixtures(t);
    // The publisher is known to the portal once they have signed in (one request).
    await t.app.inject({ url: '/api/Admin/paper-requests', headers: await t.authHeaders(testUsers.publisher) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const requestPaper = async (serial: string, when: string) => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(when) });
    try {
      const response = await t.app.inject({
        method: 'POST', url: `/api/Units/${serial}/paper-requests`, headers: await t.authHeaders(testUsers.customer),
        payload: { language: 'en', postalAddress: 'ACME GmbH, Werkstraße 1', contact: 'anna@acme.example' },
      });
      expect(response.statusCode).toBe(201);
      return response.json() as { id: string; dueAt: string };
    } finally {
      vi.useRealTimers();
    }
  };
  const publisherMails = () => mailsOf(smtp.received, testUsers.publisher.email);
  const runAt = (dueAt: string, offset: number) => sendPaperReminders(reminderDeps(t.app), new Date(new Date(dueAt).getTime() + offset));

  it('mails the publishers 7 and 3 days before the due date and when overdue, each once', async () => {
    const paper = await requestPaper('R100-0001', '2027-03-10T08:00:00.000Z');
    expect(paper.dueAt).toBe('2027-04-10T08:00:00.000Z');
    const before = publisherMails().length;
    expect(await runAt(paper.dueAt, -8 * day)).toBe(0);
    expect(await runAt(paper.dueAt, -7 * day)).toBe(1);
    expect(await runAt(paper.dueAt, -6 * day)).toBe(0);
    expect(await runAt(paper.dueAt, -3 * day + 60_000)).toBe(1);
    expect(await runAt(paper.dueAt, -1 * day)).toBe(0);
    expect(await runAt(paper.dueAt, 60 * 60_000)).toBe(1);
    expect(await runAt(paper.dueAt, 2 * day)).toBe(0);
    const mails = publisherMails().slice(before).filter((mail) => mail.headers.get('x-portal-paper-request') === paper.id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Paper instructions for R100-0001 is due in 7 days (2027-04-10)',
      'Paper instructions for R100-0001 is due in 3 days (2027-04-10)',
      'Paper instructions for R100-0001 is overdue (due 2027-04-10)',
    ]);
    expect(mails[0]!.text).toContain('http://localhost:8080/admin/paper-requests');
    // Nobody but the publishers: the customer got no reminder.
    expect(mailsOf(smtp.received, testUsers.customer.email).filter((mail) => mail.headers.has('x-portal-paper-request'))).toEqual([]);
  });

  it('sends only the latest stage a late run finds, and none for a shipped request', async () => {
    const late = await requestPaper('R100-0150', '2027-05-01T08:00:00.000Z');
    const shipped = await requestPaper('R100-0150', '2027-05-01T09:00:00.000Z');
    for (const state of ['printed', 'shipped']) {
      const response = await t.app.inject({ method: 'POST', url: `/api/Admin/paper-requests/${shipped.id}/status`, headers: await t.authHeaders(testUsers.publisher), payload: { state, note: '' } });
      expect(response.statusCode).toBe(200);
    }
    const before = publisherMails().length;
    expect(await runAt(late.dueAt, day)).toBe(1);
    expect(await runAt(late.dueAt, 2 * day)).toBe(0);
    const mails = publisherMails().slice(before);
    expect(mails.map((mail) => [mail.headers.get('x-portal-paper-request'), mail.subject])).toEqual([[late.id, 'Paper instructions for R100-0150 is overdue (due 2027-06-01)']]);
  });

  it('runs as a registered background job that queues its next run', async () => {
    const handler = backgroundJobHandlers(t.app)[paperReminderJobKind];
    expect(handler).toBeTypeOf('function');
    const called = Date.now();
    await handler!(null, {} as never);
    // Any status: at an hour's turn the app's own runner may already have claimed the slot the call asked for.
    const scheduled = await t.db.selectFrom('jobs').select(['runAfter']).where('kind', '=', paperReminderJobKind).execute();
    expect(scheduled.filter((job) => new Date(job.runAfter).getTime() > called).length).toBeGreaterThanOrEqual(1);
  });
});
