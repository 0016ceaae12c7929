import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../platform/delivery/zip-reader.ts';
import { insertDocument, users } from '../../test/document-fixtures.ts';
import { testDialects } from '../../test/test-databases.ts';
import { traversalCorpus, unreadableTargets } from '../../test/zip-path-corpus.ts';
import { contentRoutesApp } from './content-routes.fixture.ts';

describe.each(await testDialects())('content downloads on %s', (dialect) => {
  const app = contentRoutesApp(dialect);
  const { files, get, post, stored } = app;

  describe('download', () => {
    it('hands out a signed attachment URL and records the download', async () => {
      const response = await post(users.customer, '/api/Content/download?applicationId=web', ['open']);
      expect(response.statusCode).toBe(200);
      const [{ downloadUrl }] = response.json();
      const file = await app.t.app.inject({ url: downloadUrl });
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Title of open.pdf"/);
      expect(file.rawPayload.equals(files.get('open-B.pdf')!)).toBe(true);
      const records = await app.t.db.selectFrom('download_records').selectAll().where('userSub', '=', users.customer.sub).where('itemId', '=', 'open').execute();
      expect(records).toEqual([expect.objectContaining({ itemKind: 'document', versionId: 'open-B', versionLabel: 'B', fileName: 'open-B.pdf' })]);
    });

    it('downloads a named version of the same document only', async () => {
      const older = await post(users.customer, '/api/Content/download?versionId=open-A', ['open']);
      const file = await app.t.app.inject({ url: older.json()[0].downloadUrl });
      expect(file.rawPayload.equals(files.get('open-A.pdf')!)).toBe(true);
      const other = await post(users.customer, '/api/Content/download?versionId=fixed-1.0', ['open']);
      expect([other.statusCode, other.json().error]).toEqual([404, 'versionNotFound']);
      expect((await post(users.customer, '/api/Content/download?versionId=open-C', ['open'])).statusCode).toBe(404);
    });

    it('refuses documents that are not downloadable or not visible, except to staff', async () => {
      expect((await post(users.customer, '/api/Content/download', ['fixed'])).statusCode).toBe(403);
      expect((await post(users.employee, '/api/Content/download', ['fixed'])).statusCode).toBe(200);
      expect((await post(users.customer, '/api/Content/download', ['partners'])).statusCode).toBe(403);
      expect((await post(users.partner, '/api/Content/download', ['partners'])).statusCode).toBe(200);
      expect((await post(users.customer, '/api/Content/download', ['open', 'fixed'])).statusCode).toBe(400);
      expect((await post(users.customer, '/api/Content/download', [])).statusCode).toBe(400);
    });
  });

  describe('downloadZip', () => {
    function entriesOf(zip: Buffer) {
      return readZip(zip).map((entry) => ({ name: entry.name, sha256: createHash('sha256').update(entry.data).digest('hex') }));
    }
    const sha = (name: string) => createHash('sha256').update(files.get(name)!).digest('hex');

    it('streams every published version of a document, and records it', async () => {
      const response = await get(users.customer, '/api/Content/downloadZip?filePath=documents/OPEN1');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="OPEN1.zip"/);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(entriesOf(response.rawPayload)).toEqual([
        { name: 'OPEN1-B/Title of open.pdf', sha256: sha('open-B.pdf') },
        { name: 'OPEN1-A/Title of open.pdf', sha256: sha('open-A.pdf') },
      ]);
      const records = await app.t.db.selectFrom('download_records').selectAll().where('fileName', '=', 'OPEN1.zip').execute();
      expect(records).toEqual([expect.objectContaining({ userSub: users.customer.sub, itemKind: 'document', itemId: 'open', versionId: null })]);
    });

    it('streams one version', async () => {
      const response = await get(users.customer, '/api/Content/downloadZip?filePath=documents%2FOPEN1%2FA');
      expect(entriesOf(response.rawPayload)).toEqual([{ name: 'OPEN1-A/Title of open.pdf', sha256: sha('open-A.pdf') }]);
    });

    it('refuses what the user may not read or download, unknown paths and malformed ones', async () => {
      expect((await get(users.customer, '/api/Content/downloadZip?filePath=documents/PARTNERS')).statusCode).toBe(403);
      expect((await get(users.partner, '/api/Content/downloadZip?filePath=documents/PARTNERS')).statusCode).toBe(200);
      expect((await get(users.customer, '/api/Content/downloadZip?filePath=documents/FIXED')).statusCode).toBe(403);
      expect((await get(users.customer, '/api/Content/downloadZip?filePath=documents/NOPE')).statusCode).toBe(404);
      expect((await get(users.customer, '/api/Content/downloadZip?filePath=documents/OPEN1/C')).statusCode).toBe(404);
      expect((await get(users.customer, '/api/Content/downloadZip?filePath=elsewhere/OPEN1')).statusCode).toBe(404);
      expect((await get(users.customer, '/api/Content/downloadZip?filePath=documents/../OPEN1')).statusCode).toBe(400);
      expect((await get(users.customer, '/api/Content/downloadZip')).statusCode).toBe(400);
    });

    it('ends the download, and nothing else, when a stored file has gone missing', async () => {
      await app.t.db.insertInto('document_types').values({ code: 'lost', name: 'Lost' }).execute();
      await insertDocument(app.t.db, { id: 'lost', serviceRef: 'LOST', typeCode: 'lost', versions: [{ resourceVersion: 'A', ...(await stored('lost.pdf')) }] });
      const version = await app.t.db.selectFrom('document_versions').select('storageKey').where('id', '=', 'lost-A').executeTakeFirstOrThrow();
      const other = await app.t.db.selectFrom('document_versions').select('storageKey').where('storageKey', '=', version.storageKey).execute();
      expect(other).toHaveLength(1);
      await app.t.app.storage.delete(version.storageKey);
      const broken = await get(users.customer, '/api/Content/downloadZip?filePath=documents/LOST').then(
        (response) => response.rawPayload.length,
        () => -1,
      );
      expect(broken).toBeLessThan(files.get('lost.pdf')!.length);
      expect((await get(users.customer, '/api/Content/downloadZip?filePath=documents/OPEN1/A')).statusCode).toBe(200);
    });

    it(`lets none of the ${traversalCorpus.length} traversal strings through, and nothing unreadable`, async () => {
      const headers = await app.t.authHeaders(users.customer);
      const outcomes = new Map<string, number>();
      for (const raw of traversalCorpus) {
        const response = await app.t.app.inject({ url: `/api/Content/downloadZip?filePath=${raw}`, headers });
        outcomes.set(raw, response.statusCode);
      }
      expect([...outcomes].filter(([, status]) => status !== 400)).toEqual([]);
      for (const target of unreadableTargets) {
        const response = await app.t.app.inject({ url: `/api/Content/downloadZip?filePath=${encodeURIComponent(target)}`, headers });
        expect([target, [403, 404].includes(response.statusCode)]).toEqual([target, true]);
      }
      expect((await app.t.app.inject({ url: '/api/Content/downloadZip?filePath=documents/OPEN1', headers })).statusCode).toBe(200);
    });
  });

});
