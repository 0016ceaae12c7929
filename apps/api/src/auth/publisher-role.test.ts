import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePdf } from '../demo/generate-pdf.ts';
import { ensureReferenceData } from '../demo/reference-data.ts';
import { multipartBody } from '../platform/uploads/multipart-body.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';

/*
 * The publisher role through the real routes: every /api/Admin content route lets publishers (and
 * admins) in; maintenance and the audit log stay with admins; customers, partners and employees get
 * 403 everywhere, anonymous callers 401.
 */

const pdf = await generatePdf({ title: 'Publisher role', subtitle: 'PUB', sections: [{ heading: 'One', paragraphs: ['Text.'] }] });

describe.each(await testDialects())('publisher role on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await ensureReferenceData(t.db);
  }, 60_000);
  afterAll(() => t.close());

  async function upload(user: TestUserInput, url: string, metadata: object) {
    const { payload, headers } = multipartBody([{ name: 'metadata', value: JSON.stringify(metadata) }, { name: 'file', filename: 'role.pdf', content: pdf }]);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(await t.authHeaders(user)) } });
  }
  const call = async (user: TestUserInput | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user ? await t.authHeaders(user) : {}, ...(payload ? { payload } : {}) });

  it('lets the publisher publish, version, edit, restrict, unpublish and read back documents', async () => {
    const created = await upload(testUsers.publisher, '/api/Admin/documents', { serviceRef: 'D88000001', title: 'Publisher manual', typeCode: 'manual', languageCode: 'en', status: 'published' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const version = await upload(testUsers.publisher, `/api/Admin/documents/${id}/versions`, { resourceVersion: 'B', changeNote: 'Second edition' });
    expect(version.statusCode).toBe(201);
    const versionA = (version.json().versions as Array<{ id: string; resourceVersion: string }>).find((candidate) => candidate.resourceVersion === 'A')!;
    for (const [method, url, payload] of [
      ['PATCH', `/api/Admin/documents/${id}`, { title: 'Publisher manual (restricted)', audience: 'restricted', access: [{ kind: 'account', value: 'ACME-001' }] }],
      ['POST', `/api/Admin/documents/${id}/versions/${versionA.id}/unpublish`, undefined],
      ['POST', `/api/Admin/documents/${id}/unpublish`, undefined],
      ['POST', `/api/Admin/documents/${id}/publish`, undefined],
      ['GET', `/api/Admin/documents/${id}`, undefined],
    ] as const) {
      expect((await call(testUsers.publisher, method, url, payload)).statusCode, `${method} ${url}`).toBe(200);
    }
  });

  it('keeps maintenance and the audit log closed to publishers (403)', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/Admin/maintenance', undefined],
      ['PUT', '/api/Admin/maintenance', { until: new Date(Date.now() + 3_600_000).toISOString() }],
      ['GET', '/api/Admin/audit', undefined],
      ['GET', '/api/Admin/audit/export', undefined],
      ['GET', '/api/Admin/audit/verify', undefined],
    ] as const) {
      const response = await call(testUsers.publisher, method, url, payload);
      expect([response.statusCode, response.json().error], `${method} ${url}`).toEqual([403, 'forbidden']);
    }
    expect((await call(testUsers.admin, 'GET', '/api/Admin/maintenance')).json()).toEqual({ until: null, activeUntil: null });
  });

  it('refuses customers, partners and employees everywhere (403) and anonymous callers (401), changing nothing', async () => {
    const before = await t.db.selectFrom('documents').select('id').execute();
    const content = [
      ['PATCH', '/api/Admin/documents/x', { title: 'x' }], ['POST', '/api/Admin/documents/x/publish', undefined], ['POST', '/api/Admin/documents/x/unpublish', undefined],
      ['POST', '/api/Admin/documents/x/versions/y/unpublish', undefined], ['GET', '/api/Admin/documents/x', undefined],
    ] as const;
    const adminOnly = [['GET', '/api/Admin/maintenance', undefined], ['PUT', '/api/Admin/maintenance', { until: null }], ['GET', '/api/Admin/audit', undefined], ['GET', '/api/Admin/audit/verify', undefined]] as const;
    for (const user of [testUsers.customer, testUsers.partner, testUsers.employee]) {
      expect((await upload(user, '/api/Admin/documents', { serviceRef: 'D88000002', title: 'x', typeCode: 'manual', languageCode: 'en' })).statusCode).toBe(403);
      for (const [method, url, payload] of [...content, ...adminOnly]) {
        expect((await call(user, method, url, payload)).statusCode, `${user.email} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, payload] of [...content, ...adminOnly]) expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    expect(await t.db.selectFrom('documents').select('id').execute()).toEqual(before);
  });
});
