import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertReferenceData } from '../../test/document-fixtures.ts';
import { insertSoftware } from '../software/index.ts';

/** Issue 32: a robot run by a C7 controller is not offered the C9 controller's firmware. */
describe.each(await testDialects())('software on a unit page, by its controller, on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertReferenceData(t.db);
    await t.db.insertInto('products').values([
      { code: 'ARMX', name: 'Robot ARM-X', family: 'robots' },
      { code: 'CX7', name: 'Controller CX7', family: 'controllers' },
      { code: 'CX9', name: 'Controller CX9', family: 'controllers' },
    ]).execute();
    const software = (equipmentName: string, name: string, compatibleEquipment: string[]) =>
      insertSoftware(t.db, t.app.storage, {
        equipmentName, name, category: 'firmware', compatibleEquipment,
        versions: [{ number: '1.0', releaseDate: '2025-01-01', status: 'current', files: [{ fileName: `${equipmentName}.bin`, content: equipmentName }] }],
      });
    await software('CX7FW', 'Controller CX7 firmware', ['CX7', 'ARMX']);
    await software('CX9FW', 'Controller CX9 firmware', ['CX9', 'ARMX']);
    await software('ARMXTOOL', 'ARM-X programming tool', ['ARMX', 'CX7', 'CX9']);
    await software('ARMXGRIP', 'ARM-X gripper plug-in', ['ARMX']);
    const csv = [
      'serialNumber,model,options,account,shippedAt,site,partners',
      'ARMX-0001,ARMX,,ACME-001,2025-06-02,Lyon line 3,',
      'CX7-0001,CX7,,ACME-001,2025-06-02,Lyon line 3,',
      'ARMX-0002,ARMX,,ACME-001,2025-06-02,Lyon line 4,',
      'CX9-0001,CX9,,GLOBEX,2025-06-02,Lyon line 4,',
    ].join('\n');
    const admin = await t.authHeaders(testUsers.admin);
    const imported = await t.app.inject({ method: 'POST', url: '/api/Admin/units/import', headers: { ...admin, 'content-type': 'text/csv' }, payload: csv });
    expect(imported.statusCode, imported.body).toBe(200);
  });
  afterAll(() => t.close());

  async function softwareOf(serial: string): Promise<string[]> {
    const response = await t.app.inject({ url: `/api/Units/${serial}`, headers: await t.authHeaders(testUsers.admin) });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().software as Array<{ equipmentName: string }>).map((item) => item.equipmentName).sort();
  }

  it('offers a robot only the controller software of the controller installed beside it', async () => {
    expect(await softwareOf('ARMX-0001')).toEqual(['ARMXGRIP', 'ARMXTOOL', 'CX7FW']);
  });

  it('offers a controller its own software', async () => {
    expect(await softwareOf('CX7-0001')).toEqual(['ARMXTOOL', 'CX7FW']);
  });

  it('rules nothing out while the controller of a robot is not known (another account’s controller does not count)', async () => {
    expect(await softwareOf('ARMX-0002')).toEqual(['ARMXGRIP', 'ARMXTOOL', 'CX7FW', 'CX9FW']);
  });
});
