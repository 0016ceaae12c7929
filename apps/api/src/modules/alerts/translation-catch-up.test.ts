import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { alertJobsSettled, mailsOf, startSmtpServer } from './alert-mail.fixture.ts';

/* The followers of a translation are told, in the portal and by mail, when it catches up with its source. */

const pdf = await generatePdf({ title: 'Arm manual', subtitle: 'ARM6', sections: [{ heading: 'Torque', paragraphs: ['Tighten to 12 Nm.'] }] });
const reader: TestUserInput = { sub: 'catch-up-reader', email: 'rita@acme.example', name: 'Rita', roles: ['customer'], account: 'ACME-001' };
const bystander: TestUserInput = { sub: 'catch-up-bystander', email: 'bob@acme.example', name: 'Bob', roles: ['customer'], account: 'ACME-001' };

describe.each(await testDialects())('translation catch-up alerts on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const as = async (user: TestUserInput, method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: await t.authHeaders(user) });
  async function upload(url: string, metadata: Record<string, unknown>) {
    const { payload, headers } = multipartBody([{ name: 'metadata', value: JSON.stringify(metadata) }, { name: 'file', filename: 'manual.pdf', content: pdf }]);
    const answer = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(await t.authHeaders(testUsers.publisher)) } });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json();
  }
  const create = (serviceRef: string, languageCode: string, extra: Record<string, unknown> = {}) =>
    upload('/api/Admin/documents', { serviceRef, title: `Manual ${languageCode}`, typeCode: 'manual', languageCode, products: ['ARM6'], variantGroup: `group-${serviceRef.slice(0, 4)}`, status: 'published', ...extra });
  const addVersion = (id: string, resourceVersion: string, extra: Record<string, unknown> = {}) => upload(`/api/Admin/documents/${id}/versions`, { resourceVersion, ...extra });
  const caughtUp = async (user: TestUserInput) =>
    ((await as(user, 'GET', '/api/Notifications')).json().items as Array<Record<string, unknown>>).filter((item) => item.event === 'translationCaughtUp');
  const settle = async () => {
    t.app.jobs.wake();
    await alertJobsSettled(t);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Portal <portal@maker.example>' });
    await ensureReferenceData(t.db);
    expect((await as(reader, 'PUT', '/api/Me/preferences', { email: 'immediate', language: 'de-DE' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('tells the followers once the translation follows the source’s latest significant revision, not before and not others', async () => {
    const source = await create('CU010001', 'en');
    const translation = await create('CU010002', 'de', { sourceLanguage: 'en', followsRevision: 'A' });
    expect((await as(reader, 'PUT', `/api/Follows/document/${translation.id}`)).statusCode).toBe(200);
    // Up to date from the start: nothing to catch up with.
    await addVersion(source.id, 'B', { significant: false });
    await addVersion(translation.id, 'B', { followsRevision: 'B' });
    await settle();
    expect(await caughtUp(reader)).toEqual([]);

    await addVersion(source.id, 'C');
    // A new version still following an older revision is no catch-up.
    await addVersion(translation.id, 'C', { followsRevision: 'A' });
    await settle();
    expect(await caughtUp(reader)).toEqual([]);

    await addVersion(translation.id, 'D', { followsRevision: 'C' });
    await settle();
    expect(await caughtUp(reader)).toEqual([
      expect.objectContaining({ documentId: translation.id, title: 'Manual de', versionLabel: 'D', link: '/DocumentLink/CU010002-D' }),
    ]);
    expect(await caughtUp(bystander)).toEqual([]);
    const mails = mailsOf(smtp.received, reader.email!).filter((mail) => mail.subject?.includes('Stand des Originals'));
    expect(mails.map((mail) => mail.subject)).toEqual(['Manual de (Version D) ist wieder auf dem Stand des Originals']);
    expect(mails[0]!.text).toContain('/DocumentLink/CU010002-D');
  });

  it('tells them when an edit makes the translation follow the latest revision, once per version', async () => {
    const source = await create('CU020001', 'en');
    const translation = await create('CU020002', 'de', { sourceLanguage: 'en', followsRevision: 'A', title: 'Handbuch' });
    expect((await as(reader, 'PUT', `/api/Follows/document/${translation.id}`)).statusCode).toBe(200);
    await addVersion(source.id, 'B');
    const edit = async (followsRevision: string) =>
      expect((await as(testUsers.publisher, 'PATCH', `/api/Admin/documents/${translation.id}`, { followsRevision })).statusCode).toBe(200);
    const ofThis = async () => (await caughtUp(reader)).filter((item) => item.documentId === translation.id);
    await edit('B');
    await settle();
    expect(await ofThis()).toEqual([expect.objectContaining({ title: 'Handbuch', versionLabel: 'A' })]);
    await edit('A');
    await edit('B');
    await settle();
    expect(await ofThis()).toHaveLength(1);
  });
});
