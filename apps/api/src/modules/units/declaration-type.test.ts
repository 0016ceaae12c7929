import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertReferenceData } from '../../test/document-fixtures.ts';

/* Migrations 2026-11-28-71 and -72: every installation has the EU declaration of conformity and the product photo as document types. */
describe.each(await testDialects())('declaration of conformity type on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('exists after the migrations and sits beside the other types', async () => {
    await insertReferenceData(t.db);
    const types = await t.db.selectFrom('document_types').selectAll().orderBy('code').execute();
    expect(types).toEqual([
      { code: 'datasheet', name: 'Data sheet' },
      { code: 'declarationOfConformity', name: 'EU declaration of conformity' },
      { code: 'drawing', name: 'Drawing' },
      { code: 'manual', name: 'Manual' },
      { code: 'model3d', name: '3D model' },
      { code: 'productPhoto', name: 'Product photo' },
    ]);
  });
});
