import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';

describe.each(await testDialects())('document grants (list and revoke) on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let publisher: Record<string, string>;
  const future = new Date(Date.now() + 86_400_000).toISOString();

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await insertReferenceData(t.db);
    await insertDocument(t.db, {
      id: 'doc1',
      audience: 'restricted',
      rules: [{ kind: 'account', value: 'ACME-001' }, { kind: 'user', value: 'old@guest.example', expiresAt: '2026-01-02T00:00:00.000Z' }],
    });
    admin = await t.authHeaders(testUsers.admin);
    publisher = await t.authHeaders(testUsers.publisher);
    const granted = await t.app.inject({
      method: 'POST',
      url: `/api/Content/UserDocumentAccess?mail=${encodeURIComponent(testUsers.customer.email)}&expiresAt=${encodeURIComponent(future)}`,
      headers: admin,
      payload: ['doc1'],
    });
    expect(granted.statusCode).toBe(200);
  }, 60_000);
  afterAll(() => t.close());

  const grants = (headers = publisher, id = 'doc1') => t.app.inject({ url: `/api/Admin/documents/${id}/grants`, headers });
  const revoke = (mail: string, headers = publisher, id = 'doc1') =>
    t.app.inject({ method: 'DELETE', url: `/api/Admin/documents/${id}/grants/${encodeURIComponent(mail)}`, headers: { ...headers, 'user-agent': 'console' } });
  const seesDocument = async () => (await t.app.inject({ url: '/api/Content/documentData?documentId=doc1', headers: await t.authHeaders({ ...testUsers.customer, account: null }) })).statusCode;

  it('lets admins and publishers list and revoke; 403 for other roles, 401 without a token', async () => {
    for (const headers of [admin, publisher]) expect((await grants(headers)).statusCode).toBe(200);
    for (const user of [testUsers.customer, testUsers.partner, testUsers.employee]) {
      const headers = await t.authHeaders(user);
      expect((await grants(headers)).statusCode, user.email).toBe(403);
      expect((await revoke(testUsers.customer.email, headers)).statusCode, user.email).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/Admin/documents/doc1/grants' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/Admin/documents/doc1/grants/a%40b.example' })).statusCode).toBe(401);
  });

  it('lists the named-user grants with their expiry, expired ones flagged, and no other rules', async () => {
    expect((await grants()).json()).toEqual({
      documentId: 'doc1',
      grants: [
        { mail: testUsers.customer.email, expiresAt: future, expired: false, grantedBy: testUsers.admin.sub, createdAt: expect.any(String) },
        { mail: 'old@guest.example', expiresAt: '2026-01-02T00:00:00.000Z', expired: true, grantedBy: null, createdAt: '2026-01-01T00:00:00.000Z' },
      ],
    });
    expect((await grants(publisher, 'missing')).json().error).toBe('documentNotFound');
  });

  it('revokes one grant (the user loses the document at once), audited; 404 for an unknown grant or document, 400 for a bad e-mail', async () => {
    expect(await seesDocument()).toBe(200);
    const response = await revoke(testUsers.customer.email.toUpperCase());
    expect(response.statusCode).toBe(204);
    expect(await seesDocument()).toBe(403);
    expect((await grants()).json().grants.map((grant: { mail: string }) => grant.mail)).toEqual(['old@guest.example']);

    const { entries } = (await t.app.inject({ url: '/api/Admin/audit?action=revoke', headers: admin })).json();
    expect(entries).toEqual([
      expect.objectContaining({ actor: 'publisher@demo.example', userAgent: 'console', object: { kind: 'document', id: 'doc1' }, before: { user: testUsers.customer.email, expiresAt: future }, after: null }),
    ]);

    const again = await revoke(testUsers.customer.email);
    expect([again.statusCode, again.json().error]).toEqual([404, 'notFound']);
    expect((await revoke('someone@x.example', publisher, 'missing')).json().error).toBe('documentNotFound');
    expect((await revoke('not-an-email')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/Admin/audit?action=revoke', headers: admin })).json().entries).toHaveLength(1);
  });
});
