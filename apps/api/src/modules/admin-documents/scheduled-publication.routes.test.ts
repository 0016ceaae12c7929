import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { adminDocumentJobHandlers } from './admin-document.jobs.ts';
import { scheduledPublicationJobKind } from './admin-document.service.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';

const pdfBytes = await generatePdf({ title: 'Gripper GR-8 manual', subtitle: 'GR8', sections: [{ heading: 'Jaws', paragraphs: ['Change the jaws with the gripper open.'] }] });
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe.each(await testDialects())('scheduled publication on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    // No job runner: the tests run the scheduled job themselves, as if its time had come.
    test = await createTestApp(dialect, { JOB_CONCURRENCY: '0' });
    await ensureReferenceData(test.db);
  });
  afterAll(() => test.close());

  async function createDocument(serviceRef: string, extra: Record<string, unknown> = {}): Promise<string> {
    const meta = { serviceRef, title: `Gripper ${serviceRef}`, typeCode: 'manual', languageCode: 'en', status: 'published', ...extra };
    const { payload, headers } = multipartBody([{ name: 'metadata', value: JSON.stringify(meta) }, { name: 'file', filename: 'gr8.pdf', content: pdfBytes }]);
    const response = await test.app.inject({ method: 'POST', url: '/api/Admin/documents', payload, headers: { ...headers, ...(await test.authHeaders(testUsers.publisher)) } });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }
  const post = async (url: string, payload?: Record<string, unknown>, user = testUsers.publisher) =>
    test.app.inject({ method: 'POST', url, headers: await test.authHeaders(user), ...(payload === undefined ? {} : { payload }) });
  const customerSees = async (id: string) =>
    (await test.app.inject({ method: 'GET', url: `/api/Content/documentData?documentId=${id}`, headers: await test.authHeaders(testUsers.customer) })).statusCode === 200;
  const scheduledJobs = (id: string) =>
    test.db.selectFrom('jobs').selectAll().where('kind', '=', scheduledPublicationJobKind).where('dedupeKey', 'like', `%:${id}:%`).orderBy('createdAt').execute();
  /** Runs every scheduled-publication job of the document now, as the runner would once due. */
  async function runJobs(id: string): Promise<void> {
    const handler = adminDocumentJobHandlers(test.app)[scheduledPublicationJobKind]!;
    for (const job of await scheduledJobs(id)) await handler(JSON.parse(job.payload), job);
  }
  const auditOf = (id: string) =>
    test.db.selectFrom('audit_entries').select(['action', 'actor', 'after']).where('objectId', '=', id).orderBy('seq').execute();

  it('schedules a publication: hidden until the job publishes it, as a manual publication, recorded under who scheduled it', async () => {
    const id = await createDocument('D20000001');
    const at = inMinutes(2);
    const scheduled = await post(`/api/Admin/documents/${id}/publish`, { at });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduledAt: at });
    expect(await customerSees(id)).toBe(false);
    expect(await test.db.selectFrom('document_search').select('documentId').where('documentId', '=', id).execute()).toEqual([]);
    const [job] = await scheduledJobs(id);
    expect(job).toMatchObject({ status: 'queued', runAfter: at });

    const listed = await test.app.inject({ method: 'GET', url: '/api/Admin/documents?state=scheduled&q=D20000001', headers: await test.authHeaders(testUsers.publisher) });
    expect(listed.json().items).toEqual([expect.objectContaining({ id, state: 'scheduled', scheduledAt: at })]);

    await runJobs(id);
    const after = await test.app.inject({ method: 'GET', url: `/api/Admin/documents/${id}`, headers: await test.authHeaders(testUsers.publisher) });
    expect(after.json()).toMatchObject({ status: 'published', scheduledAt: null });
    expect(await customerSees(id)).toBe(true);
    expect(await test.db.selectFrom('document_search').select('documentId').where('documentId', '=', id).execute()).toHaveLength(1);
    const entries = (await auditOf(id)).filter((entry) => entry.action === 'publish').slice(-2);
    expect(entries.map((entry) => [entry.actor, JSON.parse(String(entry.after))])).toEqual([
      [testUsers.publisher.email, { status: 'scheduled', scheduledAt: at }],
      [testUsers.publisher.email, { status: 'published' }],
    ]);
  });

  it('refuses a time in the past or not a time (400) and leaves the document as it was', async () => {
    const id = await createDocument('D20000002');
    const past = await post(`/api/Admin/documents/${id}/publish`, { at: new Date(Date.now() - 1000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([{ path: 'at', message: 'must be in the future' }]);
    expect((await post(`/api/Admin/documents/${id}/publish`, { at: 'tomorrow' })).statusCode).toBe(400);
    expect(await scheduledJobs(id)).toEqual([]);
    expect(await customerSees(id)).toBe(true);
  });

  it('cancels a schedule when the document is unpublished or published now: the job then does nothing', async () => {
    const id = await createDocument('D20000003');
    expect((await post(`/api/Admin/documents/${id}/publish`, { at: inMinutes(5) })).statusCode).toBe(200);
    const off = await post(`/api/Admin/documents/${id}/unpublish`);
    expect(off.json()).toMatchObject({ status: 'unpublished', scheduledAt: null });
    await runJobs(id);
    expect(await customerSees(id)).toBe(false);

    // Moved: only the job of the latest time publishes.
    const first = inMinutes(5);
    expect((await post(`/api/Admin/documents/${id}/publish`, { at: first })).statusCode).toBe(200);
    expect((await post(`/api/Admin/documents/${id}/publish`, { at: inMinutes(10) })).json().scheduledAt).not.toBe(first);
    const handler = adminDocumentJobHandlers(test.app)[scheduledPublicationJobKind]!;
    const jobs = await scheduledJobs(id);
    const firstJob = jobs.find((job) => job.runAfter === first)!;
    await handler(JSON.parse(firstJob.payload), firstJob);
    expect(await customerSees(id)).toBe(false);

    const now = await post(`/api/Admin/documents/${id}/publish`);
    expect(now.json()).toMatchObject({ status: 'published', scheduledAt: null });
    const published = (await auditOf(id)).length;
    await runJobs(id);
    expect((await auditOf(id)).length).toBe(published);
  });

  it('keeps a draft unpublished and unannounced until it is published, at a time or now', async () => {
    const id = await createDocument('D20000005', { status: 'unpublished' });
    const fanOut = () => test.db.selectFrom('jobs').select('id').where('kind', '=', 'alerts.fanOut').where('payload', 'like', `%${versionId}%`).execute();
    const read = await test.app.inject({ method: 'GET', url: `/api/Admin/documents/${id}`, headers: await test.authHeaders(testUsers.publisher) });
    const versionId: string = read.json().versions[0].id;
    expect(read.json().status).toBe('unpublished');
    expect(await customerSees(id)).toBe(false);
    expect(await fanOut()).toEqual([]);
    expect((await post(`/api/Admin/documents/${id}/publish`, { at: inMinutes(1) })).statusCode).toBe(200);
    expect(await fanOut()).toEqual([]);
    await runJobs(id);
    expect(await customerSees(id)).toBe(true);
    expect(await fanOut()).toHaveLength(1);
  });

  it('lets only publishers and admins schedule (403 for a customer, 401 anonymous)', async () => {
    const id = await createDocument('D20000004');
    expect((await post(`/api/Admin/documents/${id}/publish`, { at: inMinutes(5) }, testUsers.customer)).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'POST', url: `/api/Admin/documents/${id}/publish`, payload: { at: inMinutes(5) } })).statusCode).toBe(401);
    expect((await post(`/api/Admin/documents/${id}/publish`, { at: inMinutes(5) }, testUsers.admin)).json().status).toBe('scheduled');
    expect((await post('/api/Admin/documents/nope/publish', { at: inMinutes(5) }, testUsers.admin)).statusCode).toBe(404);
  });
});
