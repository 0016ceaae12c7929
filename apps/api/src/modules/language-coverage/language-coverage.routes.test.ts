import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageCoverageSchema, type LanguageCoverage } from '@portal/contracts/language-coverage';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';

const pdf = await generatePdf({ title: 'Gripper manual', subtitle: 'GRIP20', sections: [{ heading: 'Jaws', paragraphs: ['Change the jaws.'] }] });

describe.each(await testDialects())('the language coverage report on %s', (dialect) => {
  let test: TestApp;
  let ids: Record<string, string>;

  async function upload(url: string, metadata: Record<string, unknown>) {
    const { payload, headers } = multipartBody([{ name: 'metadata', value: JSON.stringify(metadata) }, { name: 'file', filename: 'manual.pdf', content: pdf }]);
    const response = await test.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(await test.authHeaders(testUsers.publisher)) } });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  }
  const create = (serviceRef: string, typeCode: string, languageCode: string, products: string[], extra: Record<string, unknown> = {}) =>
    upload('/api/Admin/documents', { serviceRef, title: `${typeCode} ${languageCode}`, typeCode, languageCode, products, variantGroup: `${typeCode}-${products[0]}`, status: 'published', ...extra });
  const addVersion = (id: string, resourceVersion: string, significant = true) => upload(`/api/Admin/documents/${id}/versions`, { resourceVersion, significant });
  const get = async (query = '', user = testUsers.publisher) =>
    test.app.inject({ method: 'GET', url: `/api/Admin/language-coverage${query}`, headers: await test.authHeaders(user) });
  const report = async (query = '') => {
    const response = await get(query);
    expect(response.statusCode).toBe(200);
    return languageCoverageSchema.parse(response.json());
  };
  const statuses = (coverage: LanguageCoverage, product: string, type: string) =>
    Object.fromEntries(
      coverage.rows
        .find((row) => row.product.code === product && row.documentType.code === type)!
        .cells.map((cell) => [cell.language, cell.status === 'behind' ? `behind ${cell.revisionsBehind}` : cell.status]),
    );

  beforeAll(async () => {
    test = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false', MARKETS: 'DACH=de,en;France=fr,en;Nordics=sv,en' });
    await ensureReferenceData(test.db);
    // GRIP20 manual: English source A, B (significant), C (minor), D (significant); German follows A, French follows D.
    const source = await create('LC000001', 'manual', 'en', ['GRIP20']);
    const german = await create('LC000002', 'manual', 'de', ['GRIP20'], { sourceLanguage: 'en', followsRevision: 'A' });
    await addVersion(source.id, 'B');
    await addVersion(source.id, 'C', false);
    await addVersion(source.id, 'D');
    const french = await create('LC000003', 'manual', 'fr', ['GRIP20'], { sourceLanguage: 'en', followsRevision: 'D' });
    // GRIP20 data sheet: English only, filed under VAC4 too; an unpublished Italian one does not count.
    const sheet = await create('LC000004', 'datasheet', 'en', ['GRIP20', 'VAC4']);
    await create('LC000005', 'datasheet', 'it', ['GRIP20'], { status: 'unpublished' });
    // TC50 manual: German only, a translation whose source was never published (so it is not behind).
    const changer = await create('LC000006', 'manual', 'de', ['TC50'], { sourceLanguage: 'en', followsRevision: 'A' });
    // ARM12 manuals, two documents: the full manual (German behind by one) and a quick start (German current, French).
    const full = await create('LC000007', 'manual', 'en', ['ARM12'], { variantGroup: 'full-ARM12' });
    const fullGerman = await create('LC000008', 'manual', 'de', ['ARM12'], { variantGroup: 'full-ARM12', sourceLanguage: 'en', followsRevision: 'A' });
    await addVersion(full.id, 'B');
    await create('LC000009', 'manual', 'en', ['ARM12'], { variantGroup: 'quick-ARM12' });
    await create('LC000010', 'manual', 'de', ['ARM12'], { variantGroup: 'quick-ARM12' });
    await create('LC000014', 'manual', 'fr', ['ARM12'], { variantGroup: 'quick-ARM12' });
    // SCARA4 manuals: one in English and German, one in English only (which does not make German missing).
    await create('LC000011', 'manual', 'en', ['SCARA4'], { variantGroup: 'full-SCARA4' });
    await create('LC000012', 'manual', 'de', ['SCARA4'], { variantGroup: 'full-SCARA4' });
    await create('LC000013', 'manual', 'en', ['SCARA4'], { variantGroup: 'quick-SCARA4' });
    ids = { source: source.id, german: german.id, french: french.id, sheet: sheet.id, changer: changer.id, fullGerman: fullGerman.id };
  });
  afterAll(() => test.close());

  it('counts current, behind by significant revisions and missing per product, type and language', async () => {
    const coverage = await report();
    expect(coverage.languages).toEqual(['de', 'en', 'fr', 'sv']);
    expect(coverage.markets).toEqual([
      { id: 'dach', name: 'DACH', languages: ['de', 'en'] },
      { id: 'france', name: 'France', languages: ['fr', 'en'] },
      { id: 'nordics', name: 'Nordics', languages: ['sv', 'en'] },
    ]);
    expect(coverage.rows.map((row) => `${row.product.code}/${row.documentType.code}`)).toEqual([
      'ARM12/manual', 'GRIP20/datasheet', 'GRIP20/manual', 'SCARA4/manual', 'TC50/manual', 'VAC4/datasheet',
    ]);
    expect(statuses(coverage, 'GRIP20', 'manual')).toEqual({ de: 'behind 2', en: 'current', fr: 'current', sv: 'missing' });
    expect(statuses(coverage, 'GRIP20', 'datasheet')).toEqual({ de: 'missing', en: 'current', fr: 'missing', sv: 'missing' });
    expect(statuses(coverage, 'VAC4', 'datasheet')).toEqual({ de: 'missing', en: 'current', fr: 'missing', sv: 'missing' });
    expect(statuses(coverage, 'TC50', 'manual')).toEqual({ de: 'current', en: 'missing', fr: 'missing', sv: 'missing' });
    // Of a product's several documents of a type, one behind shows although another is current in the language;
    // one kept in a single language leaves the other languages as they are.
    expect(statuses(coverage, 'ARM12', 'manual')).toEqual({ de: 'behind 1', en: 'current', fr: 'current', sv: 'missing' });
    expect(coverage.rows.find((row) => row.product.code === 'ARM12')!.cells[0]).toMatchObject({ documentId: ids.fullGerman });
    expect(statuses(coverage, 'SCARA4', 'manual')).toEqual({ de: 'current', en: 'current', fr: 'missing', sv: 'missing' });
    const manual = coverage.rows.find((row) => row.product.code === 'GRIP20' && row.documentType.code === 'manual')!;
    expect(manual.product.name).toBe('Servo gripper G20');
    expect(manual.documentType.name).toBe('Manual');
    expect(manual.cells[0]).toEqual({ language: 'de', status: 'behind', revisionsBehind: 2, documentId: ids.german });
    expect(manual.cells[1]).toEqual({ language: 'en', status: 'current', documentId: ids.source });
    expect(manual.cells[3]).toEqual({ language: 'sv', status: 'missing' });
  });

  it('catches up when the translation follows the latest significant revision, and a minor revision does not set it back', async () => {
    await upload(`/api/Admin/documents/${ids.german}/versions`, { resourceVersion: 'B', followsRevision: 'D' });
    await addVersion(ids.source, 'E', false);
    expect(statuses(await report('?product=GRIP20'), 'GRIP20', 'manual')).toMatchObject({ de: 'current' });
    await addVersion(ids.source, 'F');
    expect(statuses(await report('?product=GRIP20'), 'GRIP20', 'manual')).toMatchObject({ de: 'behind 1', fr: 'behind 1' });
  });

  it('filters by market (its languages as the columns) and by product, and refuses an unknown market', async () => {
    const dach = await report('?market=dach&product=GRIP20');
    expect(dach.languages).toEqual(['de', 'en']);
    expect(dach.rows.map((row) => row.documentType.code)).toEqual(['datasheet', 'manual']);
    expect(dach.rows.every((row) => row.product.code === 'GRIP20' && row.cells.length === 2)).toBe(true);
    expect((await report('?product=NOPE')).rows).toEqual([]);
    const unknown = await get('?market=mars');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalidParameters', details: [{ path: 'querystring.market' }] });
    expect((await get('?format=xml')).statusCode).toBe(400);
  });

  it('exports CSV', async () => {
    const response = await get('?market=france&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment; filename="language-coverage-france.csv"');
    expect(response.body.split('\r\n')).toEqual([
      'product,product name,document type,document type name,fr,en',
      'ARM12,Six-axis robot ARM-12,manual,Manual,current,current',
      'GRIP20,Servo gripper G20,datasheet,Data sheet,missing,current',
      'GRIP20,Servo gripper G20,manual,Manual,behind 1,current',
      'SCARA4,SCARA robot S-4,manual,Manual,missing,current',
      'TC50,Tool changer TC-50,manual,Manual,missing,missing',
      'VAC4,Vacuum gripper V4,datasheet,Data sheet,missing,current',
      '',
    ]);
  });

  it('is for publishers and admins only', async () => {
    expect((await get('', testUsers.customer)).statusCode).toBe(403);
    expect((await get('', testUsers.employee)).statusCode).toBe(403);
    expect((await get('', testUsers.admin)).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: '/api/Admin/language-coverage' })).statusCode).toBe(401);
  });
});
