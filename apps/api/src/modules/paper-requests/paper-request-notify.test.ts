import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { alertJobKinds } from '../alerts/alert-job-kinds.ts';
import { alertJobsSettled, mailsOf, startSmtpServer } from '../alerts/alert-mail.fixture.ts';
import { otherCustomer, seedUnitFixtures } from '../units/units.fixture.ts';

/*
 * The requester is told of each step of their paper request (received, printed, shipped): a notification in the
 * portal and a mail to a real SMTP server, sent as their alert mails are (here at once, or not at all when off).
 */

describe.each(await testDialects())('paper request notifications on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Portal <portal@maker.example>' });
    await seedUnitFixtures(t);
    // The hourly tick queued at start sends again mails queued over an hour ago, as this test's backdated ones
    // look: it runs before they exist (the next one is an hour away).
    await vi.waitFor(async () => {
      const ticks = await t.db.selectFrom('jobs').select('status').where('kind', '=', alertJobKinds.tick).where('runAfter', '<=', new Date().toISOString()).execute();
      expect(ticks.map((tick) => tick.status)).toContain('done');
      expect(ticks.filter((tick) => tick.status !== 'done')).toEqual([]);
    }, { timeout: 20_000, interval: 50 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => vi.useRealTimers());

  /** Runs one request at a fixed time (in the past: the jobs it queues are due at once). */
  const at = async <T>(iso: string, work: () => Promise<T>) => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
    try {
      return await work();
    } finally {
      vi.useRealTimers();
    }
  };
  const as = async (user: TestUserInput, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: await t.authHeaders(user) });
  const step = (id: string, state: 'printed' | 'shipped', note: string) => as(testUsers.publisher, 'POST', `/api/Admin/paper-requests/${id}/status`, { state, note });
  const notificationsOf = async (user: TestUserInput, id: string) =>
    ((await as(user, 'GET', '/api/Notifications?pageSize=100')).json().items as Array<{ documentId: string }>).filter((item) => item.documentId === id);
  const paperMails = (address: string) => mailsOf(smtp.received, address).filter((mail) => mail.text?.includes('printed instructions'));

  it('tells the requester in the portal and by mail when the request is received, printed and shipped', async () => {
    expect((await as(testUsers.customer, 'PUT', '/api/Me/preferences', { email: 'immediate', language: 'en-US' })).statusCode).toBe(200);
    const before = paperMails(testUsers.customer.email).length;
    const paper = await at('2026-01-31T10:00:00.000Z', async () => {
      const response = await as(testUsers.customer, 'POST', '/api/Units/R100-0001/paper-requests', { language: 'fr', postalAddress: 'ACME GmbH, Werkstraße 1', contact: 'Anna' });
      expect(response.statusCode).toBe(201);
      return response.json() as { id: string };
    });
    expect((await at('2026-02-10T09:00:00.000Z', () => step(paper.id, 'printed', 'Print shop job 77'))).statusCode).toBe(200);
    expect((await at('2026-02-11T09:00:00.000Z', () => step(paper.id, 'shipped', 'DHL 123'))).statusCode).toBe(200);
    await alertJobsSettled(t);

    const link = '/units/R100-0001';
    const details = 'Language: FR · Due by: Feb 28, 2026';
    expect(await notificationsOf(testUsers.customer, paper.id)).toEqual([
      expect.objectContaining({ event: 'paperRequest', title: 'R100-0001', versionLabel: 'shipped', changeNote: `${details} · Shipping note: DHL 123`, link, createdAt: '2026-02-11T09:00:00.000Z', read: false }),
      expect.objectContaining({ event: 'paperRequest', versionLabel: 'printed', changeNote: details, link, createdAt: '2026-02-10T09:00:00.000Z' }),
      expect.objectContaining({ event: 'paperRequest', versionLabel: 'requested', changeNote: details, link, createdAt: '2026-01-31T10:00:00.000Z' }),
    ]);
    // Staff get no notification of the customer's request.
    expect(await notificationsOf(testUsers.publisher, paper.id)).toEqual([]);

    const mails = paperMails(testUsers.customer.email).slice(before);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Printed instructions printed: R100-0001',
      'Printed instructions shipped: R100-0001',
      'Request for printed instructions received: R100-0001',
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain(details);
      expect(mail.text).toContain(`http://localhost:8080${link}`);
      expect(mail.text).toContain('because you requested printed instructions for this machine');
      // The print shop's note is for staff only.
      expect(mail.text).not.toContain('Print shop job 77');
    }
    expect(mails.find((mail) => mail.subject?.includes('shipped'))!.text).toContain('Shipping note: DHL 123');
  });

  it('keeps the notification but sends no mail to a requester who turned mails off, in their mail language otherwise', async () => {
    expect((await as(otherCustomer, 'PUT', '/api/Me/preferences', { email: 'off', language: 'de-DE' })).statusCode).toBe(200);
    const paper = await at('2026-03-01T08:00:00.000Z', async () => {
      const response = await as(otherCustomer, 'POST', '/api/Units/R100-0300/paper-requests', { language: 'en', postalAddress: 'Globex, Hauptstraße 2', contact: 'Olga' });
      expect(response.statusCode).toBe(201);
      return response.json() as { id: string };
    });
    await alertJobsSettled(t);
    expect(await notificationsOf(otherCustomer, paper.id)).toEqual([
      expect.objectContaining({ event: 'paperRequest', title: 'R100-0300', versionLabel: 'requested', changeNote: 'Sprache: EN · Fällig bis: 1. Apr. 2026', link: '/units/R100-0300' }),
    ]);
    expect(mailsOf(smtp.received, otherCustomer.email)).toEqual([]);
    const [row] = await t.db.selectFrom('notifications').select('mailStatus').where('documentId', '=', paper.id).execute();
    expect(row).toEqual({ mailStatus: 'skipped' });
  });
});
