import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '@portal/contracts/admin-jobs';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';

interface JobSeed {
  id: string;
  kind: string;
  status: JobStatus;
  payload: unknown;
  minute: number;
  attempts?: number;
  lastError?: string | null;
}

const jobs: JobSeed[] = [
  { id: 'job-1', kind: 'thumbnail', status: 'done', payload: { versionId: 'doc1-A' }, minute: 1, attempts: 1 },
  { id: 'job-2', kind: 'extractText', status: 'failed', payload: { versionId: 'doc1-A' }, minute: 2, attempts: 3, lastError: 'text extraction failed: bad XRef' },
  { id: 'job-3', kind: 'officePdf', status: 'failed', payload: { versionId: 'doc2-B' }, minute: 3, attempts: 3, lastError: 'LibreOffice timed out' },
  { id: 'job-4', kind: 'thumbnail', status: 'queued', payload: { versionId: 'gone-version' }, minute: 4 },
  { id: 'job-5', kind: 'mail', status: 'running', payload: { to: 'someone' }, minute: 5, attempts: 1 },
  { id: 'job-6', kind: 'thumbnail', status: 'failed', payload: { versionId: 'doc2-B' }, minute: 6, attempts: 1, lastError: 'sharp: unsupported image' },
];

describe.each(await testDialects())('admin jobs routes on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let publisher: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'doc1', title: 'Robot manual' });
    await insertDocument(t.db, { id: 'doc2', title: 'Gripper data sheet', versions: [{ resourceVersion: 'A' }, { resourceVersion: 'B', fileName: 'gripper.docx' }] });
    // Only the jobs below: others that modules queue on start (scheduled work) would shift the pages.
    await t.db.deleteFrom('jobs').execute();
    await t.db
      .insertInto('jobs')
      .values(
        jobs.map((job) => {
          const at = `2026-03-01T10:0${job.minute}:00.000Z`;
          return {
            id: job.id, kind: job.kind, status: job.status, payload: JSON.stringify(job.payload), dedupeKey: null, attempts: job.attempts ?? 0,
            runAfter: at, lockedBy: job.status === 'running' ? 'worker-x' : null, lockedAt: job.status === 'running' ? at : null,
            lastError: job.lastError ?? null, createdAt: at, updatedAt: at,
          };
        }),
      )
      .execute();
    admin = await t.authHeaders(testUsers.admin);
    publisher = await t.authHeaders(testUsers.publisher);
  }, 60_000);
  afterAll(() => t.close());

  const list = (query = '', headers = admin) => t.app.inject({ url: `/api/Admin/jobs${query}`, headers });
  const retryEntries = async () => (await t.app.inject({ url: '/api/Admin/audit?action=retry', headers: admin })).json().entries;

  it('lets admins and publishers in; 403 for customers, partners and employees, 401 without a token, even with a bad query', async () => {
    for (const headers of [admin, publisher]) expect((await list('', headers)).statusCode).toBe(200);
    for (const [method, url] of [['GET', '/api/Admin/jobs'], ['GET', '/api/Admin/jobs?status=lost'], ['POST', '/api/Admin/jobs/job-2/retry'], ['POST', '/api/Admin/jobs/retry-failed']] as const) {
      for (const user of [testUsers.customer, testUsers.partner, testUsers.employee]) {
        expect((await t.app.inject({ method, url, headers: await t.authHeaders(user) })).statusCode, `${user.email} ${url}`).toBe(403);
      }
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
    expect((await list('?status=failed')).json().total).toBe(3);
  });

  it('pages jobs newest first, each with the document version it works on', async () => {
    const first = (await list('?pageSize=4')).json();
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(first.items.map((job: { id: string }) => job.id)).toEqual(['job-6', 'job-5', 'job-4', 'job-3']);
    const [thumbnail, mail, orphan, office] = first.items;
    expect(thumbnail).toEqual({
      id: 'job-6', kind: 'thumbnail', status: 'failed', attempts: 1, lastError: 'sharp: unsupported image',
      runAfter: '2026-03-01T10:06:00.000Z', createdAt: '2026-03-01T10:06:00.000Z', updatedAt: '2026-03-01T10:06:00.000Z',
      subject: { documentId: 'doc2', serviceRef: 'DOC2', title: 'Gripper data sheet', versionId: 'doc2-B', resourceVersion: 'B', fileName: 'gripper.docx' },
    });
    expect([mail.subject, orphan.subject, office.subject?.versionId]).toEqual([null, null, 'doc2-B']);
    const second = (await list('?pageSize=4&page=2')).json();
    expect(second.items.map((job: { id: string }) => job.id)).toEqual(['job-2', 'job-1']);
    expect((await list('?pageSize=4&page=3')).json()).toMatchObject({ items: [], total: 6 });
  });

  it('names the live document of a job about a whole document (a scheduled publication), and nothing for one deleted since', async () => {
    const at = '2026-03-01T09:00:00.000Z';
    const row = { status: 'queued', dedupeKey: null, attempts: 0, runAfter: at, lockedBy: null, lockedAt: null, lastError: null, createdAt: at, updatedAt: at } as const;
    await t.db
      .insertInto('jobs')
      .values([
        { ...row, id: 'job-scheduled', kind: 'documents.publishScheduled', payload: JSON.stringify({ documentId: 'doc1', at }) },
        { ...row, id: 'job-scheduled-gone', kind: 'documents.publishScheduled', payload: JSON.stringify({ documentId: 'gone-document', at }) },
      ])
      .execute();
    try {
      const { items } = (await list('?kind=documents.publishScheduled')).json();
      const byId = Object.fromEntries(items.map((job: { id: string; subject: unknown }) => [job.id, job.subject]));
      expect(byId['job-scheduled']).toEqual({ documentId: 'doc1', serviceRef: expect.any(String), title: 'Robot manual', versionId: null, resourceVersion: null, fileName: null });
      expect(byId['job-scheduled-gone']).toBeNull();
    } finally {
      await t.db.deleteFrom('jobs').where('id', 'in', ['job-scheduled', 'job-scheduled-gone']).execute();
    }
  });

  it('filters by status and kind', async () => {
    const ids = async (query: string) => (await list(query)).json().items.map((job: { id: string }) => job.id);
    expect(await ids('?status=failed')).toEqual(['job-6', 'job-3', 'job-2']);
    expect(await ids('?kind=thumbnail')).toEqual(['job-6', 'job-4', 'job-1']);
    expect(await ids('?status=failed&kind=thumbnail')).toEqual(['job-6']);
    expect(await ids('?status=running')).toEqual(['job-5']);
    for (const query of ['?status=lost', '?kind=a%20b', '?pageSize=101', '?page=0']) {
      const response = await list(query);
      expect([response.statusCode, response.json().error], query).toEqual([400, 'invalidParameters']);
    }
  });

  it('queues one failed job again with its attempts reset, audited; refuses others', async () => {
    const retried = await t.app.inject({ method: 'POST', url: '/api/Admin/jobs/job-2/retry', headers: { ...publisher, 'user-agent': 'console' } });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: 'job-2', status: 'queued', attempts: 0, subject: { versionId: 'doc1-A' } });
    expect(Date.parse(retried.json().runAfter)).toBeGreaterThan(Date.parse('2026-03-01T10:02:00.000Z'));
    const [entry] = await retryEntries();
    expect(entry).toMatchObject({
      actor: 'publisher@demo.example', userAgent: 'console', object: { kind: 'job', id: 'job-2' },
      before: { kind: 'extractText', status: 'failed', attempts: 3, lastError: 'text extraction failed: bad XRef' }, after: { status: 'queued', attempts: 0 },
    });

    for (const [id, status] of [['job-2', 409], ['job-1', 409], ['job-5', 409], ['nope', 404]] as const) {
      const response = await t.app.inject({ method: 'POST', url: `/api/Admin/jobs/${id}/retry`, headers: admin });
      expect(response.statusCode, id).toBe(status);
    }
    expect(await retryEntries()).toHaveLength(1);
  });

  it('queues every failed job again and says how many, with one audit entry', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/Admin/jobs/retry-failed', headers: admin });
    expect([response.statusCode, response.json()]).toEqual([200, { retried: 2 }]);
    expect((await list('?status=failed')).json().total).toBe(0);
    const queued = (await list('?status=queued')).json().items;
    expect(queued.map((job: { id: string; attempts: number }) => [job.id, job.attempts])).toEqual([['job-6', 0], ['job-4', 0], ['job-3', 0], ['job-2', 0]]);
    const [entry] = await retryEntries();
    expect(entry).toMatchObject({ actor: 'admin@demo.example', object: { kind: 'job', id: 'all-failed' }, before: { status: 'failed', count: 2 }, after: { status: 'queued', count: 2 } });

    expect((await t.app.inject({ method: 'POST', url: '/api/Admin/jobs/retry-failed', headers: publisher })).json()).toEqual({ retried: 0 });
    expect(await retryEntries()).toHaveLength(2);
  });
});
