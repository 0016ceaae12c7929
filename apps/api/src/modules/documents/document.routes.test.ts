import type { AuthUser } from '@portal/contracts/users';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/test-databases.ts';
import { users } from '../../test/document-fixtures.ts';
import { contentRoutesApp } from './content-routes.fixture.ts';

describe.each(await testDialects())('content routes on %s', (dialect) => {
  const app = contentRoutesApp(dialect);
  const { files, get, post } = app;

  describe('documentByServiceRef', () => {
    const path = '/api/Content/documentByServiceRef';

    it('returns the current version, or the one asked for', async () => {
      const current = await get(users.customer, `${path}?serviceRef=OPEN1`);
      expect(current.statusCode).toBe(200);
      expect(current.json()).toMatchObject({ id: 'open', fileName: 'Title of open.pdf', title: 'Title of open', downloadableDocument: true, serviceRef: 'OPEN1', resourceVersion: 'B', versionId: 'open-B', mediaType: 'application/pdf' });
      const first = await get(users.customer, `${path}?serviceRef=OPEN1&resourceVersion=A`);
      expect(first.json()).toMatchObject({ resourceVersion: 'A', fileName: 'Title of open.pdf' });
    });

    it.each([
      ['', 'invalidParameters'],
      ['?serviceRef=', 'invalidParameters'],
      ['?serviceRef=OPEN-1', 'invalidParameters'],
      ['?serviceRef=OPEN1&serviceRef=OPEN1', 'invalidParameters'],
      ['?serviceRef=OPEN1&resourceVersion=%2F..', 'invalidParameters'],
      ['?serviceRef=NOPE', 'documentNotFound'],
      ['?serviceRef=DRAFT', 'documentNotFound'],
      ['?serviceRef=OPEN1&resourceVersion=Z', 'versionNotFound'],
      ['?serviceRef=OPEN1&resourceVersion=C', 'versionNotFound'],
    ])('answers 404 for %s with body %s', async (query, code) => {
      const response = await get(users.customer, `${path}${query}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: code });
    });

    it('answers 403 outside the audience, and lets the audience and staff in', async () => {
      const denied = await get(users.customer, `${path}?serviceRef=PARTNERS`);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ error: 'forbidden' });
      expect((await get(users.partner, `${path}?serviceRef=PARTNERS`)).statusCode).toBe(200);
      expect((await get(users.employee, `${path}?serviceRef=OPEN1&resourceVersion=C`)).json()).toMatchObject({ resourceVersion: 'C' });
      expect((await get(null, `${path}?serviceRef=OPEN1`)).statusCode).toBe(401);
    });
  });

  describe('documentData', () => {
    it('gives metadata, products, versions newest first and the variants the user may see', async () => {
      const response = await get(users.customer, '/api/Content/documentData?documentId=open');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ id: 'open', typeName: 'Manual', currentVersionId: 'open-B', downloadableDocument: true });
      expect(body.products).toEqual([{ code: 'G20', name: 'Gripper G20' }, { code: 'R100', name: 'Robot R100' }]);
      expect(body.versions.map((version: { resourceVersion: string }) => version.resourceVersion)).toEqual(['B', 'A']);
      expect(body.versions[0]).toMatchObject({ isCurrent: true, status: 'published', size: files.get('open-B.pdf')!.length });
      expect(body.variants).toEqual([{ id: 'open-de', serviceRef: 'OPEN1DE', title: 'Title of open-de', languageCode: 'de' }]);
    });

    it('shows staff unpublished versions and partners their variant', async () => {
      const staff = (await get(users.employee, '/api/Content/documentData?documentId=open')).json();
      expect(staff.versions.map((version: { resourceVersion: string }) => version.resourceVersion)).toEqual(['C', 'B', 'A']);
      const partner = (await get(users.partner, '/api/Content/documentData?documentId=open')).json();
      expect(partner.variants.map((variant: { languageCode: string }) => variant.languageCode)).toEqual(['de', 'fr']);
    });

    it('tells the story: the newest revision and its date, the published revisions newest first with their notes', async () => {
      const expected = {
        serviceRef: 'OPEN1', typeCode: 'manual', typeName: 'Manual', languageCode: 'en', revision: 'B', publishedAt: '2026-01-02T00:00:00.000Z',
        revisions: [
          { id: 'open-B', resourceVersion: 'B', fileName: 'Title of open.pdf', publishedAt: '2026-01-02T00:00:00.000Z', changeNote: '', isCurrent: true },
          { id: 'open-A', resourceVersion: 'A', fileName: 'Title of open.pdf', publishedAt: '2026-01-01T00:00:00.000Z', changeNote: 'First', isCurrent: false },
        ],
      };
      expect((await get(users.customer, '/api/Content/documentData?documentId=open')).json()).toMatchObject(expected);
      // Staff see the unpublished C among the versions, but the revisions stay the published ones.
      expect((await get(users.employee, '/api/Content/documentData?documentId=open')).json()).toMatchObject(expected);
    });

    it('lists only the variants the user may see: no restricted one outside its audience, no unpublished one to readers', async () => {
      const languages = async (user: AuthUser) =>
        (await get(user, '/api/Content/documentData?documentId=open')).json().variants.map((variant: { languageCode: string }) => variant.languageCode);
      expect(await languages(users.customer)).toEqual(['de']);
      expect(await languages(users.partner)).toEqual(['de', 'fr']);
      expect(await languages(users.employee)).toEqual(['de', 'es', 'fr']);
      // Seen from a variant, the English original is a variant too.
      const fromGerman = (await get(users.customer, '/api/Content/documentData?documentId=open-de')).json();
      expect(fromGerman.variants).toEqual([{ id: 'open', serviceRef: 'OPEN1', title: 'Title of open', languageCode: 'en' }]);
      expect(fromGerman).toMatchObject({ revision: 'A', revisions: [{ resourceVersion: 'A', isCurrent: true }] });
    });

    it('has no revision while none is published, though staff see the draft version', async () => {
      const draft = (await get(users.employee, '/api/Content/documentData?documentId=unreleased')).json();
      expect(draft).toMatchObject({ revision: null, publishedAt: null, revisions: [] });
      expect(draft.versions.map((version: { status: string }) => version.status)).toEqual(['unpublished']);
    });

    it('refuses a user outside the audience and unknown ids', async () => {
      expect((await get(users.customer, '/api/Content/documentData?documentId=partners')).statusCode).toBe(403);
      expect((await get(users.partner, '/api/Content/documentData?documentId=partners')).statusCode).toBe(200);
      const missing = await get(users.customer, '/api/Content/documentData?documentId=missing');
      expect([missing.statusCode, missing.json().error]).toEqual([404, 'documentNotFound']);
      expect((await get(users.customer, '/api/Content/documentData')).statusCode).toBe(400);
    });
  });

  describe('pdfPreview', () => {
    it('hands out a signed inline URL of the current PDF', async () => {
      const response = await get(users.customer, '/api/Content/pdfPreview?applicationId=web&documentId=open');
      expect(response.statusCode).toBe(200);
      const file = await app.t.app.inject({ url: response.json().downloadUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="Title of open.pdf"/);
      expect(file.rawPayload.equals(files.get('open-B.pdf')!)).toBe(true);
    });

    it('serves a named version of the same document only', async () => {
      const older = await get(users.customer, '/api/Content/pdfPreview?documentId=open&versionId=open-A');
      const file = await app.t.app.inject({ url: older.json().downloadUrl });
      expect(file.rawPayload.equals(files.get('open-A.pdf')!)).toBe(true);
      const other = await get(users.customer, '/api/Content/pdfPreview?documentId=open&versionId=fixed-1.0');
      expect([other.statusCode, other.json().error]).toEqual([404, 'versionNotFound']);
      expect((await get(users.customer, '/api/Content/pdfPreview?documentId=open&versionId=open-C')).statusCode).toBe(404);
    });

    it('serves the PDF rendition of an Office document under a .pdf name', async () => {
      const response = await get(users.customer, '/api/Content/pdfPreview?documentId=office');
      expect(response.statusCode).toBe(200);
      const file = await app.t.app.inject({ url: response.json().downloadUrl });
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="Title of office.pdf"/);
      expect(file.rawPayload.equals(files.get('manual-rendition.pdf')!)).toBe(true);
    });

    it('refuses users outside the audience, and files with no PDF', async () => {
      expect((await get(users.customer, '/api/Content/pdfPreview?documentId=partners')).statusCode).toBe(403);
      expect((await get(users.partner, '/api/Content/pdfPreview?documentId=partners')).statusCode).toBe(200);
      const bundle = await get(users.customer, '/api/Content/pdfPreview?documentId=bundle');
      expect([bundle.statusCode, bundle.json().error]).toEqual([422, 'noPreview']);
    });

    it('answers an image with a signed inline URL of the image itself, recording no download', async () => {
      const picture = await get(users.customer, '/api/Content/pdfPreview?documentId=picture');
      expect(picture.statusCode).toBe(200);
      const file = await app.t.app.inject({ url: picture.json().downloadUrl });
      expect(file.headers['content-type']).toMatch(/^image\/png/);
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="Title of picture.png"/);
      expect(file.rawPayload.equals(files.get('picture.png')!)).toBe(true);
      const records = await app.t.db.selectFrom('download_records').selectAll().where('itemId', '=', 'picture').execute();
      expect(records).toEqual([]);
    });
  });

  describe('UserDocumentAccess', () => {
    it('lets an admin grant a named user access, idempotently', async () => {
      const mail = encodeURIComponent(users.customer.email);
      expect((await get(users.customer, '/api/Content/documentData?documentId=partners')).statusCode).toBe(403);
      const granted = await post(users.admin, `/api/Content/UserDocumentAccess?mail=${mail}`, ['partners', 'partners']);
      expect(granted.statusCode).toBe(200);
      expect(granted.json()).toEqual({ mail: users.customer.email.toLowerCase(), expiresAt: null, documentIds: ['partners'] });
      expect((await post(users.admin, `/api/Content/UserDocumentAccess?mail=${mail}`, ['partners'])).statusCode).toBe(200);
      const rules = await app.t.db.selectFrom('document_access').selectAll().where('documentId', '=', 'partners').where('kind', '=', 'user').execute();
      expect(rules).toEqual([expect.objectContaining({ value: users.customer.email.toLowerCase(), grantedBy: users.admin.sub })]);
      expect((await get(users.customer, '/api/Content/documentData?documentId=partners')).statusCode).toBe(200);
    });

    it('stores an expiry, after which the grant no longer counts', async () => {
      const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
      const response = await post(users.admin, `/api/Content/UserDocumentAccess?mail=olga%40other.example&expiresAt=${expiresAt}`, ['partners']);
      expect(response.json().expiresAt).toBe(expiresAt);
      expect((await get(users.otherCustomer, '/api/Content/documentData?documentId=partners')).statusCode).toBe(200);
      await app.t.db.updateTable('document_access').set({ expiresAt: '2020-01-01T00:00:00.000Z' }).where('value', '=', 'olga@other.example').execute();
      expect((await get(users.otherCustomer, '/api/Content/documentData?documentId=partners')).statusCode).toBe(403);
    });

    it('lets a publisher grant too', async () => {
      const granted = await post(users.publisher, `/api/Content/UserDocumentAccess?mail=${encodeURIComponent('pat@other.example')}`, ['partners']);
      expect(granted.statusCode).toBe(200);
      expect(granted.json()).toMatchObject({ mail: 'pat@other.example', documentIds: ['partners'] });
    });

    it('refuses customers, employees, bad mails, past expiries and unknown documents, changing nothing', async () => {
      expect((await post(users.customer, '/api/Content/UserDocumentAccess?mail=x%40example.com', ['partners'])).statusCode).toBe(403);
      expect((await post(users.employee, '/api/Content/UserDocumentAccess?mail=x%40example.com', ['partners'])).statusCode).toBe(403);
      expect((await post(users.admin, '/api/Content/UserDocumentAccess?mail=not-a-mail', ['partners'])).statusCode).toBe(400);
      expect((await post(users.admin, '/api/Content/UserDocumentAccess?mail=x%40example.com&expiresAt=2020-01-01T00:00:00Z', ['partners'])).statusCode).toBe(400);
      const unknown = await post(users.admin, '/api/Content/UserDocumentAccess?mail=x%40example.com', ['partners', 'missing']);
      expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'documentNotFound']);
      expect(await app.t.db.selectFrom('document_access').selectAll().where('value', '=', 'x@example.com').execute()).toEqual([]);
    });
  });
});
