import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateDocumentMetadata } from '@portal/contracts/admin-documents';
import { backgroundJobHandlers } from '../../background-jobs.ts';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { createPortalEvents } from '../../event-subscribers.ts';
import { createEventBus, type PortalEventBus, type PortalEvents } from '../../platform/events/index.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { createDocument } from './admin-document.service.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';
import { storeUpload } from './upload-form.ts';

/*
 * Publishing a document reaches search, previews, alerts and the audit log only through the subscribers of its
 * events (event-subscribers.ts): the same writer on a bus without them leaves nothing but the document.
 */

const word = 'quokkaspanner';
const pdf = await generatePdf({ title: 'Arm ARM-6 torque manual', subtitle: 'ARM6', sections: [{ heading: 'Torque', paragraphs: [`Tighten the ${word} bolts to 12 Nm.`] }] });
const follower: TestUserInput = { sub: 'events-follower', email: 'flo@acme.example', name: 'Flo', roles: ['customer'], account: 'ACME-001' };

const metadataOf = (serviceRef: string): CreateDocumentMetadata => ({
  serviceRef, title: `Manual ${serviceRef}`, typeCode: 'manual', languageCode: 'en', products: ['ARM6'], downloadable: true,
  audience: 'everyone', access: [], description: '', resourceVersion: 'A', changeNote: '', status: 'published',
});

describe.each(await testDialects())('publication events on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    // No job runner: the test runs the queued jobs itself, so it sees them queued first.
    test = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await ensureReferenceData(test.db);
  });
  afterAll(() => test.close());

  const as = async (user: TestUserInput, method: 'GET' | 'PUT', url: string) => test.app.inject({ method, url, headers: await test.authHeaders(user) });
  const documentByRef = (serviceRef: string) => test.db.selectFrom('documents').select(['id', 'currentVersionId']).where('serviceRef', '=', serviceRef).executeTakeFirst();
  const jobKindsOf = async (versionId: string) =>
    (await test.db.selectFrom('jobs').select('kind').where('dedupeKey', 'like', `%${versionId}%`).execute()).map((job) => job.kind).sort();
  const auditActionsOf = async (documentId: string) =>
    (await test.db.selectFrom('audit_entries').select('action').where('objectId', '=', documentId).orderBy('seq').execute()).map((entry) => entry.action);
  const indexed = async (documentId: string) => (await test.db.selectFrom('document_search').select('documentId').where('documentId', '=', documentId).execute()).length;
  const publishWith = async (events: PortalEventBus, serviceRef: string) =>
    createDocument({ db: test.db, events }, metadataOf(serviceRef), await storeUpload(test.app.storage, Readable.from([pdf]), 'arm6.pdf', 50_000_000));

  it('puts a published document in search, queues its previews and its alert, and audits it, through the subscribers', async () => {
    expect((await as(follower, 'PUT', '/api/Follows/product/ARM6')).statusCode).toBe(200);
    const { payload, headers } = multipartBody([{ name: 'metadata', value: JSON.stringify(metadataOf('EV1000001')) }, { name: 'file', filename: 'arm6.pdf', content: pdf }]);
    const published = await test.app.inject({ method: 'POST', url: '/api/Admin/documents', payload, headers: { ...headers, ...(await test.authHeaders(testUsers.publisher)) } });
    expect(published.statusCode).toBe(201);
    const { id, currentVersionId } = published.json() as { id: string; currentVersionId: string };

    expect(await jobKindsOf(currentVersionId)).toEqual(['alerts.fanOut', 'extractText', 'thumbnail']);
    expect(await auditActionsOf(id)).toEqual(['publish']);
    expect(await indexed(id)).toBe(1);

    const searchIds = async () => ((await as(testUsers.customer, 'GET', `/api/Content/search?q=${word}`)).json() as { items: Array<{ id: string }> }).items.map((item) => item.id);
    expect(await searchIds()).toEqual([]);
    // The text job announces the text (document.text-extracted): search indexes it; the fan-out notifies the follower.
    const handlers = backgroundJobHandlers(test.app);
    const jobs = await test.db.selectFrom('jobs').selectAll().where('dedupeKey', 'like', `%${currentVersionId}%`).where('kind', 'in', ['extractText', 'alerts.fanOut']).execute();
    for (const job of jobs) await handlers[job.kind]!(JSON.parse(job.payload), job);
    expect(await searchIds()).toEqual([id]);
    const notifications = (await as(follower, 'GET', '/api/Notifications')).json() as { total: number; items: Array<{ title: string }> };
    expect(notifications).toMatchObject({ total: 1, items: [{ title: 'Manual EV1000001' }] });
  });

  it('leaves nothing but the document when the bus has no subscribers', async () => {
    const bare = createEventBus<PortalEvents>({ onError: (error) => { throw error; } });
    const created = await publishWith(bare, 'EV1000002');
    expect(created.currentVersionId).toBeTruthy();
    expect(await jobKindsOf(created.currentVersionId!)).toEqual([]);
    expect(await auditActionsOf(created.id)).toEqual([]);
    expect(await indexed(created.id)).toBe(0);
  });

  it('keeps the publication when an after-commit subscriber throws, and logs the failure with the event', async () => {
    const logged: Array<{ details: object; message: string }> = [];
    const events = createPortalEvents({ error: (details, message) => logged.push({ details, message }) });
    let heard = 0;
    events.subscribe('document.published', 'after-commit', () => {
      heard += 1;
      throw new Error('the relay is down');
    });
    const created = await publishWith(events, 'EV1000003');
    expect(heard).toBe(1);
    expect(await documentByRef('EV1000003')).toEqual({ id: created.id, currentVersionId: created.currentVersionId });
    expect(await jobKindsOf(created.currentVersionId!)).toEqual(['alerts.fanOut', 'extractText', 'thumbnail']);
    expect(await auditActionsOf(created.id)).toEqual(['publish']);
    expect(logged).toEqual([{ details: { err: expect.objectContaining({ message: 'the relay is down' }), event: 'document.published' }, message: 'an event subscriber failed after commit' }]);
  });

  it('rolls the publication back, with its jobs and audit entry, when an in-transaction subscriber throws', async () => {
    const events = createPortalEvents({ error: () => undefined });
    events.subscribe('document.published', 'in-transaction', () => {
      throw new Error('the queue refused the job');
    });
    const jobsBefore = await test.db.selectFrom('jobs').select('id').execute();
    const auditBefore = await test.db.selectFrom('audit_entries').select('seq').execute();
    await expect(publishWith(events, 'EV1000004')).rejects.toThrow('the queue refused the job');
    expect(await documentByRef('EV1000004')).toBeUndefined();
    expect(await test.db.selectFrom('jobs').select('id').execute()).toHaveLength(jobsBefore.length);
    expect(await test.db.selectFrom('audit_entries').select('seq').execute()).toHaveLength(auditBefore.length);
  });
});
