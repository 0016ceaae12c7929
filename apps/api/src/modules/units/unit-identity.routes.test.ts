import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { seedUnitFixtures } from './units.fixture.ts';

/* IEC 61406-1: once labelled, a unit's serial is never renamed nor given to another model (409, audited). */
describe.each(await testDialects())('labelled serials on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedUnitFixtures(t);
  });
  afterAll(() => t.close());

  const patch = async (serial: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/Admin/units/${serial}`, payload, headers: await t.authHeaders(testUsers.publisher) });
  const label = async (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
    t.app.inject({ method, url, payload, headers: await t.authHeaders(testUsers.publisher) });
  const labelledAt = async (serial: string) => (await t.db.selectFrom('units').select('labelledAt').where('serialNumber', '=', serial).executeTakeFirst())?.labelledAt;
  const refusals = async (serial: string) =>
    (await t.db.selectFrom('audit_entries').selectAll().where('objectKind', '=', 'unit').where('objectId', '=', serial).where('action', '=', 'edit').orderBy('seq').execute())
      .map((entry) => JSON.parse(entry.after ?? '{}') as Record<string, unknown>)
      .filter((after) => after.refused === 'labelledSerial');

  it('renames and re-models a unit that was never labelled', async () => {
    expect(await labelledAt('R100-0300')).toBeNull();
    const renamed = await patch('R100-0300', { serialNumber: 'R100-0301' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ serialNumber: 'R100-0301' });
    expect((await patch('R100-0301', { model: 'G20', options: [] })).json()).toMatchObject({ model: { code: 'G20' } });
    expect((await patch('R100-0301', { serialNumber: 'R100-0001' })).statusCode).toBe(409);
    expect((await patch('R100-0301', { serialNumber: 'bad/serial' })).statusCode).toBe(400);
  });

  it('notes the first time a label is produced, by every label route', async () => {
    expect((await label('/api/Units/R100-0001/label.svg')).statusCode).toBe(200);
    const first = await labelledAt('R100-0001');
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await label('/api/Units/R100-0001/label.png')).statusCode).toBe(200);
    expect(await labelledAt('R100-0001')).toBe(first);
    expect((await label('/api/Units/labels.pdf', 'POST', { serials: ['R100-0150'] })).statusCode).toBe(200);
    expect(await labelledAt('R100-0150')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses to rename a labelled serial or give it to another model, with 409 and an audit entry', async () => {
    const renamed = await patch('R100-0001', { serialNumber: 'R100-0002' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ error: 'labelledSerial' });
    expect(renamed.json().message).toContain('R100-0001 was labelled on');
    const remodelled = await patch('R100-0150', { model: 'G20', options: [] });
    expect(remodelled.statusCode).toBe(409);
    expect((await t.db.selectFrom('units').select(['serialNumber', 'productCode']).where('serialNumber', 'in', ['R100-0001', 'R100-0002', 'R100-0150']).orderBy('serialNumber').execute()))
      .toEqual([{ serialNumber: 'R100-0001', productCode: 'R100' }, { serialNumber: 'R100-0150', productCode: 'R100' }]);
    expect(await refusals('R100-0001')).toEqual([expect.objectContaining({ serialNumber: 'R100-0002', labelledAt: expect.any(String) })]);
    expect(await refusals('R100-0150')).toEqual([expect.objectContaining({ model: 'G20' })]);
  });

  it('still lets a labelled unit change hands and other fields, and accepts its own serial and model', async () => {
    const response = await patch('R100-0001', { serialNumber: 'R100-0001', model: 'R100', account: 'GLOBEX', siteName: 'Hall 9' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ serialNumber: 'R100-0001', account: 'GLOBEX', siteName: 'Hall 9' });
    expect(await refusals('R100-0001')).toHaveLength(1);
  });
});
