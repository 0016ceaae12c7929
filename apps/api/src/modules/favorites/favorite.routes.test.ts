import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Favorite } from '@portal/contracts/favorites';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertCadFamily, insertCadLibrary } from '../cad/cad-writer.repository.ts';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { insertSoftware } from '../software/software-writer.repository.ts';

type User = (typeof testUsers)[keyof typeof testUsers];
const ids = (body: { items: Favorite[] }) => body.items.map((item) => `${item.itemKind}/${item.itemId}`);

describe.each(await testDialects())('favourite routes on %s', (dialect) => {
  let t: TestApp;
  let softwareId: string;
  let hiddenSoftwareId: string;
  let libraryId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'manual1', title: 'R100 operating manual', versions: [{ resourceVersion: 'A' }, { resourceVersion: 'B', fileName: 'r100-manual-B.pdf' }] });
    await insertDocument(t.db, { id: 'sheet1', title: 'G20 data sheet', typeCode: 'datasheet', downloadable: 0 });
    await insertDocument(t.db, { id: 'partneronly', title: 'Partner price list', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }] });
    await insertDocument(t.db, { id: 'laterhidden', title: 'Soon restricted' });
    softwareId = (await insertSoftware(t.db, t.app.storage, {
      equipmentName: 'RC8', name: 'RC8 controller firmware', category: 'firmware',
      versions: [{ number: '4.2.0', releaseDate: '2025-06-01', status: 'current', files: [{ fileName: 'rc8.bin', content: 'fw' }] }],
    })).itemId;
    hiddenSoftwareId = (await insertSoftware(t.db, t.app.storage, {
      equipmentName: 'ServiceKit', name: 'Service kit', category: 'pc-tool', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }],
      versions: [{ number: '1.0', releaseDate: '2025-02-01', status: 'current', files: [{ fileName: 'kit.zip', content: 'kit' }] }],
    })).itemId;
    await insertCadFamily(t.db, t.app.storage, { code: 'scara', name: 'SCARA robots', models: [{ code: 'S600', name: 'S600 SCARA', revision: 'B', groups: [], files: [] }] }, 0);
    await insertCadFamily(t.db, t.app.storage, {
      code: 'cobot', name: 'Cobots', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }],
      models: [{ code: 'C10', name: 'C10 cobot', revision: 'A', groups: [], files: [] }],
    }, 1);
    await insertCadFamily(t.db, t.app.storage, {
      code: 'articulated', name: 'Articulated robots',
      models: [{
        code: 'A6', name: 'A6 robot', revision: 'C', files: [],
        groups: [
          { code: 'mounting', label: 'Mounting', values: [{ code: 'floor', label: 'Floor' }, { code: 'ceiling', label: 'Ceiling' }] },
          { code: 'flange', label: 'Tool flange', values: [{ code: 'iso50', label: 'ISO 50' }, { code: 'iso63', label: 'ISO 63' }] },
        ],
        exclusions: [{ valueA: 'ceiling', valueB: 'iso63', reason: 'Too heavy overhead.' }],
      }],
    }, 2);
    libraryId = (await insertCadLibrary(t.db, t.app.storage, {
      cadTool: 'SOLIDWORKS', name: 'Grippers for SOLIDWORKS',
      versions: [{ version: '1.0', releaseDate: '2024-01-01', files: [{ fileName: 'grippers.SLDPRT', content: 'v1' }] }],
    })).libraryId;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'PUT' | 'DELETE', url: string, user: User = testUsers.customer) =>
    t.app.inject({ method, url, headers: await t.authHeaders(user) });
  const list = async (user: User = testUsers.customer, query = '') => (await call('GET', `/api/Favorites${query}`, user)).json();

  it('answers 401 without a token on every route', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const url = method === 'GET' ? '/api/Favorites' : '/api/Favorites/document/manual1';
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
    }
    expect(await t.db.selectFrom('favorites').selectAll().execute()).toEqual([]);
  });

  it('adds a document with what the viewer needs, idempotently', async () => {
    const first = await call('PUT', '/api/Favorites/document/manual1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      itemKind: 'document', itemId: 'manual1', title: 'R100 operating manual',
      document: { id: 'manual1', serviceRef: 'MANUAL1', fileName: 'R100 operating manual.pdf', resourceVersion: 'B', downloadableDocument: true, thumbnailUrl: null },
    });
    const again = await call('PUT', '/api/Favorites/document/manual1');
    expect(again.statusCode).toBe(200);
    expect(again.json().createdAt).toBe(first.json().createdAt);
    expect(ids(await list())).toEqual(['document/manual1']);
  });

  it('lists every kind newest first, and one kind on request', async () => {
    for (const path of ['document/sheet1', `software/${softwareId}`, 'cad/model:S600', `cad/library:${libraryId}`]) {
      expect((await call('PUT', `/api/Favorites/${path}`)).statusCode).toBe(200);
      await new Promise((wait) => setTimeout(wait, 5)); // distinct creation times
    }
    const body = await list();
    expect(ids(body)).toEqual([`cad/library:${libraryId}`, 'cad/model:S600', `software/${softwareId}`, 'document/sheet1', 'document/manual1']);
    expect(body.total).toBe(5);
    expect(body.items[0]).toMatchObject({ target: 'library', code: libraryId, title: 'Grippers for SOLIDWORKS' });
    expect(body.items[1]).toMatchObject({ target: 'model', code: 'S600', title: 'S600 SCARA' });
    expect(body.items[2]).toMatchObject({ equipmentName: 'RC8', title: 'RC8 controller firmware' });
    expect(body.items[3].document).toMatchObject({ downloadableDocument: false, typeCode: 'datasheet' });
    expect(ids(await list(testUsers.customer, '?kind=document'))).toEqual(['document/sheet1', 'document/manual1']);
    expect((await call('GET', '/api/Favorites?kind=video')).statusCode).toBe(400);
  });

  it('refuses unknown items and items hidden from the user with 404, and bad kinds with 400', async () => {
    const refused = ['document/nope', 'document/partneronly', 'software/nope', `software/${hiddenSoftwareId}`, 'cad/model:C10', 'cad/model:X1', 'cad/library:nope', 'cad/S600'];
    for (const path of refused) {
      const response = await call('PUT', `/api/Favorites/${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error).toBe('notFound');
    }
    expect((await call('PUT', '/api/Favorites/video/manual1')).statusCode).toBe(400);
    expect(ids(await list())).not.toContain('document/partneronly');
    // The audience may add what the customer may not.
    expect((await call('PUT', '/api/Favorites/document/partneronly', testUsers.partner)).statusCode).toBe(200);
    expect((await call('PUT', '/api/Favorites/cad/model:C10', testUsers.partner)).statusCode).toBe(200);
  });

  it('adds a configured CAD set with its model and options, refuses an invalid or hidden one, and removes it', async () => {
    const added = await call('PUT', '/api/Favorites/cad/set:A6:floor,iso50');
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ itemKind: 'cad', target: 'set', code: 'A6:floor,iso50', title: 'A6 robot · Floor · ISO 50' });
    expect((await call('PUT', '/api/Favorites/cad/set:A6:floor,iso50')).statusCode).toBe(200);
    expect(ids(await list()).filter((id) => id === 'cad/set:A6:floor,iso50')).toHaveLength(1);

    const invalid = await call('PUT', '/api/Favorites/cad/set:A6:ceiling,iso63,nope');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.map((detail: { message: string }) => detail.message).join(' ')).toMatch(/nope/);
    for (const path of ['cad/set:C10:', 'cad/set:X1:floor', 'cad/set:A6:iso50,floor', 'cad/set:A6']) {
      expect((await call('PUT', `/api/Favorites/${path}`)).statusCode, path).toBe(404);
    }
    expect((await call('PUT', '/api/Favorites/cad/set:C10:', testUsers.partner)).statusCode).toBe(200);
    expect(ids(await list(testUsers.partner))).toContain('cad/set:C10:');
    expect((await call('DELETE', '/api/Favorites/cad/set:C10:', testUsers.partner)).statusCode).toBe(204);

    expect((await call('DELETE', '/api/Favorites/cad/set:A6:floor,iso50')).statusCode).toBe(204);
    expect(ids(await list())).not.toContain('cad/set:A6:floor,iso50');
  });

  it('never shows or deletes another user’s favourites', async () => {
    const partnerBefore = ids(await list(testUsers.partner));
    expect(partnerBefore).toEqual(['cad/model:C10', 'document/partneronly']);
    expect((await call('DELETE', '/api/Favorites/document/manual1', testUsers.partner)).statusCode).toBe(204);
    expect(ids(await list())).toContain('document/manual1');
    expect(ids(await list(testUsers.employee))).toEqual([]);
  });

  it('removes the user’s own favourite; removing it again is not an error', async () => {
    expect((await call('DELETE', '/api/Favorites/document/manual1')).statusCode).toBe(204);
    expect(ids(await list())).not.toContain('document/manual1');
    expect((await call('DELETE', '/api/Favorites/document/manual1')).statusCode).toBe(204);
    expect(ids(await list(testUsers.partner))).toEqual(['cad/model:C10', 'document/partneronly']);
  });

  it('leaves out documents the user can no longer see', async () => {
    expect((await call('PUT', '/api/Favorites/document/laterhidden')).statusCode).toBe(200);
    expect(ids(await list())).toContain('document/laterhidden');
    await t.db.updateTable('documents').set({ audience: 'restricted' }).where('id', '=', 'laterhidden').execute();
    expect(ids(await list())).not.toContain('document/laterhidden');
    // Still saved: it comes back if the user is given access again.
    await t.db.updateTable('documents').set({ audience: 'everyone' }).where('id', '=', 'laterhidden').execute();
    expect(ids(await list())).toContain('document/laterhidden');
  });
});
