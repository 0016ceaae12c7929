import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@portal/contracts/audit';
import { createLocalAccounts } from '../../auth/accounts/local-accounts.ts';
import { runUsersCommand } from '../../auth/accounts/users-command.ts';
import { browser } from '../../auth/testing/browser.ts';
import { freePort } from '../../test/free-port.ts';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';
import { ensureCatalogCodes, loadImportCatalog, planImport, runImport } from '../import/index.ts';
import { commandContext } from './audit-context.ts';
import { recordAudit } from './audit.service.ts';
import { verifyAuditChain } from './audit-verify.ts';

/* The writers outside the publishing routes: downloads, grants, role changes, imports, sign-ins, and many at once. */

const pdf = await generatePdf({ title: 'Audited downloads', subtitle: 'AUD', sections: [{ heading: 'One', paragraphs: ['Text.'] }] });

describe.each(await testDialects())('audit writers on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let documentId: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false', PUBLIC_URL: base });
    await t.app.listen({ port, host: '127.0.0.1' });
    await ensureReferenceData(t.db);
    const { payload, headers } = multipartBody([
      { name: 'metadata', value: JSON.stringify({ serviceRef: 'D66000001', title: 'Audited downloads', typeCode: 'manual', languageCode: 'en', status: 'published' }) },
      { name: 'file', filename: 'audited.pdf', content: pdf },
    ]);
    const created = await t.app.inject({ method: 'POST', url: '/api/Admin/documents', payload, headers: { ...headers, ...(await t.authHeaders(testUsers.admin)) } });
    documentId = created.json().id;
  }, 60_000);
  afterAll(() => t.close());

  const entries = async (query: string): Promise<AuditEntry[]> =>
    (await t.app.inject({ url: `/api/Admin/audit?${query}`, headers: await t.authHeaders(testUsers.admin) })).json().entries;

  it('records a download with the user, their account, address and user agent', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/Content/download', payload: [documentId],
      headers: { ...(await t.authHeaders(testUsers.customer)), 'user-agent': 'Mozilla/5.0 test' },
    });
    expect(response.statusCode).toBe(200);
    expect(await entries('action=download')).toEqual([
      expect.objectContaining({
        actor: 'customer@demo.example', roles: ['customer'], account: 'ACME-001', address: '127.0.0.1', userAgent: 'Mozilla/5.0 test',
        object: { kind: 'document', id: documentId }, after: expect.objectContaining({ versionLabel: 'A', fileName: 'audited.pdf' }),
      }),
    ]);
  });

  it('records a grant per document, and nothing for a refused one', async () => {
    const admin = await t.authHeaders(testUsers.admin);
    const granted = await t.app.inject({ method: 'POST', url: '/api/Content/UserDocumentAccess?mail=Jane%40Example.com', payload: [documentId], headers: admin });
    expect(granted.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: '/api/Content/UserDocumentAccess?mail=x%40example.com', payload: [documentId, 'missing'], headers: admin });
    expect(refused.statusCode).toBe(404);
    expect(await entries('action=grant')).toEqual([
      expect.objectContaining({ actor: 'admin@demo.example', object: { kind: 'document', id: documentId }, after: { user: 'jane@example.com', expiresAt: null } }),
    ]);
  });

  it('records a role change made with `npm run users -- set-role`, before and after', async () => {
    const accounts = createLocalAccounts(t.db);
    const io = { readStdin: async () => '', print: () => undefined };
    await runUsersCommand(['add', 'writer@example.com', '--name', 'Wendy Writer', '--role', 'employee'], accounts, io);
    await runUsersCommand(['set-role', 'writer@example.com', '--role', 'publisher', '--role', 'employee'], accounts, io);
    const [entry] = await entries('action=role');
    expect(entry).toMatchObject({
      actor: expect.stringMatching(/^operator /), userAgent: 'npm run users -- set-role', object: { kind: 'account', id: expect.stringMatching(/^local-/) },
      before: { email: 'writer@example.com', roles: ['employee'], account: null },
      after: { email: 'writer@example.com', roles: ['publisher', 'employee'], account: null },
    });
  });

  it('records each document the bulk import adds as an import', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'portal-audit-import-'));
    try {
      await mkdir(join(folder, 'manual'));
      await writeFile(join(folder, 'manual', 'D66000002_A_en_Imported manual.pdf'), pdf);
      const plan = await planImport(folder, undefined, await loadImportCatalog(t.db));
      await ensureCatalogCodes(t.db, plan.items);
      const counts = await runImport({ db: t.db, events: t.app.events, storage: t.app.storage, maxBytes: 10_000_000 }, plan.items, { concurrency: 1 });
      expect(counts.added).toBe(1);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    expect(await entries('action=import')).toEqual([
      expect.objectContaining({ actor: expect.stringMatching(/^operator /), userAgent: 'npm run import', after: expect.objectContaining({ serviceRef: 'D66000002' }) }),
    ]);
  });

  it('records a successful sign-in on the embedded provider, from the browser’s address', async () => {
    const go = browser(base);
    const query = new URLSearchParams({
      client_id: 'portal-web', response_type: 'code', redirect_uri: `${base}/login/callback`, scope: 'openid profile email',
      code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'), code_challenge_method: 'S256', state: 's',
    });
    const form = await (await go((await go(`/oidc/auth?${query}`)).headers.get('location')!)).text();
    const action = /action="([^"]+)"/.exec(form)![1]!;
    const post = (password: string) =>
      go(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'sign-in-test' }, body: new URLSearchParams({ email: 'publisher@demo.example', password }) });
    expect((await post('wrong password')).status).toBe(401);
    expect((await post('demo1234')).status).toBe(303);
    expect(await entries('action=sign-in')).toEqual([
      expect.objectContaining({ actor: 'publisher@demo.example', actorSub: 'demo-publisher', roles: ['publisher', 'employee'], address: '127.0.0.1', userAgent: 'sign-in-test', object: { kind: 'account', id: 'demo-publisher' } }),
    ]);
  });

  it('keeps one chain when many writers append at once', async () => {
    const before = await verifyAuditChain(t.db);
    expect(before).toMatchObject({ intact: true });
    await Promise.all(Array.from({ length: 40 }, (_, index) =>
      recordAudit(t.db, commandContext('concurrency test'), { action: 'edit', object: { kind: 'test', id: String(index) }, after: { index } }),
    ));
    const after = await verifyAuditChain(t.db);
    expect(after).toEqual({ intact: true, entries: (before.intact ? before.entries : 0) + 40 });
    const rows = await t.db.selectFrom('audit_entries').select(['seq', 'prevHash']).execute();
    expect(new Set(rows.map((row) => row.prevHash)).size).toBe(rows.length);
  });
});
