import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generatePhoto } from '../../demo/generate-media.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';
import { alertJobKinds } from './alert-job-kinds.ts';
import { alertJobsSettled, freePort, mailsOf, startSmtpServer } from './alert-mail.fixture.ts';

const image = await generatePhoto('ARM-6', 'png', 40, 20);

const customer: TestUserInput = { sub: 'alert-customer', email: 'carla@acme.example', name: 'Carla', roles: ['customer'], account: 'ACME-001' };
const partner: TestUserInput = { sub: 'alert-partner', email: 'pat@partner.example', name: 'Pat', roles: ['partner'], account: 'PARTNER-01' };
const digestReader: TestUserInput = { sub: 'alert-digest', email: 'dora@acme.example', name: 'Dora', roles: ['customer'], account: 'ACME-001' };

function publishing(t: TestApp) {
  const upload = async (url: string, metadata: Record<string, unknown>) => {
    const { payload, headers } = multipartBody([{ name: 'metadata', value: JSON.stringify(metadata) }, { name: 'file', filename: 'page.png', content: image }]);
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(await t.authHeaders(testUsers.publisher)) } });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; serviceRef: string };
  };
  return {
    createDocument: (serviceRef: string, extra: Record<string, unknown> = {}) =>
      upload('/api/Admin/documents', { serviceRef, title: `Manual ${serviceRef}`, typeCode: 'manual', languageCode: 'en', products: ['ARM6'], status: 'published', ...extra }),
    addVersion: (id: string, resourceVersion: string, extra: Record<string, unknown> = {}) =>
      upload(`/api/Admin/documents/${id}/versions`, { resourceVersion, changeNote: `Changes of ${resourceVersion}`, ...extra }),
  };
}

describe.each(await testDialects())('alert mails on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const as = async (user: TestUserInput, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: await t.authHeaders(user) });
  const mailsTo = (address: string) => mailsOf(smtp.received, address);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Portal <portal@maker.example>' });
    await ensureReferenceData(t.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails a product follower once for a significant version and not for a minor one, in their language, with a working unsubscribe link', async () => {
    const { createDocument, addVersion } = publishing(t);
    const first = await createDocument('M100');
    const second = await createDocument('M200');
    await alertJobsSettled(t);

    expect((await as(customer, 'PUT', '/api/Me/preferences', { email: 'immediate', language: 'fr-FR' })).statusCode).toBe(200);
    expect((await as(customer, 'PUT', '/api/Follows/product/ARM6')).statusCode).toBe(200);
    await addVersion(first.id, 'B', { significant: true });
    await addVersion(second.id, 'B', { significant: false });
    await alertJobsSettled(t);

    const mails = mailsTo('carla@acme.example');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('Nouvelle version B de Manual M100');
    expect(mail.from?.value[0]).toMatchObject({ name: 'Portal', address: 'portal@maker.example' });
    expect(mail.text).toContain('Note de modification: Changes of B');
    expect(mail.text).toContain('http://localhost:8080/DocumentLink/M100-B');
    expect(mail.html).toContain('href="http://localhost:8080/DocumentLink/M100-B"');
    const headerLine = (key: string) => mail.headerLines.find((line) => line.key === key)?.line ?? '';
    expect(headerLine('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const unsubscribeUrl = /<(http[^>]+)>/.exec(headerLine('list-unsubscribe'))?.[1] ?? '';
    expect(mail.text).toContain(unsubscribeUrl);

    const notifications = (await as(customer, 'GET', '/api/Notifications')).json();
    expect(notifications).toMatchObject({ total: 1, unread: 1 });
    expect(notifications.items[0]).toMatchObject({ event: 'newVersion', title: 'Manual M100', versionLabel: 'B', link: '/DocumentLink/M100-B' });

    // RFC 8058 one-click: a POST to the header's address, no token.
    const url = new URL(unsubscribeUrl);
    const unsubscribed = await t.app.inject({ method: 'POST', url: url.pathname, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(unsubscribed.statusCode).toBe(200);
    expect((await as(customer, 'GET', '/api/Me/preferences')).json().email).toBe('off');

    await addVersion(first.id, 'C');
    await alertJobsSettled(t);
    expect(mailsTo('carla@acme.example')).toHaveLength(1);
    expect((await as(customer, 'GET', '/api/Notifications')).json().unread).toBe(2);
  });

  it('tells partners only of a partner-only document for the product', async () => {
    await as(customer, 'PUT', '/api/Me/preferences', { email: 'immediate', language: 'en-US' });
    await as(partner, 'PUT', '/api/Me/preferences', { email: 'immediate', language: 'de-DE' });
    await as(partner, 'PUT', '/api/Follows/product/ARM6');
    const before = (await as(customer, 'GET', '/api/Notifications')).json().total;
    await publishing(t).createDocument('P300', { audience: 'restricted', access: [{ kind: 'role', value: 'partner' }] });
    await alertJobsSettled(t);

    const partnerMails = mailsTo('pat@partner.example');
    expect(partnerMails).toHaveLength(1);
    expect(partnerMails[0].subject).toBe('Neues Dokument: Manual P300');
    expect((await as(partner, 'GET', '/api/Notifications')).json().items[0]).toMatchObject({ event: 'newDocument', link: '/DocumentLink/P300-A' });
    expect((await as(customer, 'GET', '/api/Notifications')).json().total).toBe(before);
    expect(mailsTo('carla@acme.example')).toHaveLength(1);
  });

  it('groups a daily reader’s pending items into one digest mail', async () => {
    await as(digestReader, 'PUT', '/api/Me/preferences', { email: 'daily' });
    await as(digestReader, 'PUT', '/api/Follows/product/ARM6');
    const { createDocument, addVersion } = publishing(t);
    const document = await createDocument('D400');
    await addVersion(document.id, 'B');
    await alertJobsSettled(t);
    expect(mailsTo('dora@acme.example')).toHaveLength(0);

    await enqueueJob(t.db, { kind: alertJobKinds.tick, payload: null });
    t.app.jobs.wake();
    await vi.waitFor(() => expect(mailsTo('dora@acme.example')).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const [digest] = mailsTo('dora@acme.example');
    expect(digest.subject).toBe('2 updates in the Technical Resources Portal');
    expect(digest.text).toContain('/DocumentLink/D400-A');
    expect(digest.text).toContain('/DocumentLink/D400-B');

    // Sent items are not sent again, and the next digest waits a day.
    await enqueueJob(t.db, { kind: alertJobKinds.tick, payload: null });
    t.app.jobs.wake();
    await alertJobsSettled(t);
    expect(mailsTo('dora@acme.example')).toHaveLength(1);
  });
});

describe.each(await testDialects())('alert mails while the mail server is down on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(dialect, { SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${port}` });
    await ensureReferenceData(t.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('keeps the mail and sends it once the server is back', { timeout: 40_000 }, async () => {
    const reader: TestUserInput = { sub: 'alert-retry', email: 'rita@acme.example', name: 'Rita', roles: ['customer'], account: 'ACME-001' };
    const headers = await t.authHeaders(reader);
    await t.app.inject({ method: 'PUT', url: '/api/Me/preferences', payload: { email: 'immediate' }, headers });
    await t.app.inject({ method: 'PUT', url: '/api/Follows/product/ARM6', headers });
    await publishing(t).createDocument('R500');

    await vi.waitFor(
      async () => {
        const failed = await t.db.selectFrom('jobs').select(['status', 'lastError']).where('kind', '=', alertJobKinds.mail).executeTakeFirst();
        expect(failed?.status).toBe('queued');
        expect(failed?.lastError).toBeTruthy();
      },
      { timeout: 15_000, interval: 100 },
    );
    smtp = await startSmtpServer(port);
    await vi.waitFor(() => expect(smtp?.received).toHaveLength(1), { timeout: 30_000, interval: 200 });
    expect(smtp.received[0].subject).toBe('New document: Manual R500');
    const notification = await t.db.selectFrom('notifications').select('mailStatus').where('userSub', '=', reader.sub).executeTakeFirstOrThrow();
    expect(notification.mailStatus).toBe('sent');
  });
});
