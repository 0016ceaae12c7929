import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { seedUnitFixtures } from '../units/units.fixture.ts';

/* The VDI 2770 class of each document type: listed and set by staff, audited, refused to customers. */

describe.each(await testDialects())('VDI 2770 classes of document types on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedUnitFixtures(t);
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'PUT', url: string, user: TestUserInput = testUsers.publisher, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...(await t.authHeaders(user)), 'user-agent': 'handover-test' }, ...(payload === undefined ? {} : { payload: payload as string }) });
  const classOf = async (typeCode: string) => {
    const response = await call('GET', '/api/Admin/handover/classes');
    expect(response.statusCode).toBe(200);
    return (response.json().types as Array<{ typeCode: string; classId: string | null }>).find((type) => type.typeCode === typeCode)?.classId;
  };

  it('lists the twelve classes with their IRDIs and the standard types mapped', async () => {
    const response = await call('GET', '/api/Admin/handover/classes');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.classes).toHaveLength(12);
    expect(body.classes).toContainEqual({ classId: '03-02', nameEn: 'Operation', nameDe: 'Bedienung', irdi: '0173-1#07-ABU490#003' });
    expect(await classOf('manual')).toBe('03-02');
    expect(await classOf('datasheet')).toBe('02-01');
    expect(await classOf('declarationOfConformity')).toBe('02-04');
  });

  it('sets a type\'s class, audited with the class before and after', async () => {
    const response = await call('PUT', '/api/Admin/handover/classes/datasheet', testUsers.admin, { classId: '02-03' });
    expect(response.statusCode).toBe(200);
    expect(await classOf('datasheet')).toBe('02-03');
    const entry = await t.db.selectFrom('audit_entries').selectAll().where('objectKind', '=', 'document-type').where('objectId', '=', 'datasheet').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'edit', actor: testUsers.admin.email.toLowerCase(), userAgent: 'handover-test' });
    expect(JSON.parse(entry.before!)).toEqual({ vdi2770Class: '02-01' });
    expect(JSON.parse(entry.after!)).toEqual({ vdi2770Class: '02-03' });
  });

  it('refuses an unknown class with 400 and an unknown type with 404', async () => {
    const unknownClass = await call('PUT', '/api/Admin/handover/classes/manual', testUsers.publisher, { classId: '05-01' });
    expect(unknownClass.statusCode).toBe(400);
    expect(unknownClass.body).toContain('must be one of the VDI 2770 classes');
    expect((await call('PUT', '/api/Admin/handover/classes/nope', testUsers.publisher, { classId: '03-02' })).statusCode).toBe(404);
    expect(await classOf('manual')).toBe('03-02');
  });

  it('answers 403 to customers', async () => {
    expect((await call('GET', '/api/Admin/handover/classes', testUsers.customer)).statusCode).toBe(403);
    expect((await call('PUT', '/api/Admin/handover/classes/manual', testUsers.customer, { classId: '01-01' })).statusCode).toBe(403);
    expect(await classOf('manual')).toBe('03-02');
  });
});
