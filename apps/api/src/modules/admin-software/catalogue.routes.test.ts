import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueInput } from '@portal/contracts/admin-software';
import { cadFile, type CadPart } from '../../demo/cad-file-generator.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertCadFamily } from '../cad/index.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';

/** The problems of a refusal, one `path: message` line each, in the order the answer lists them. */
const problemsOf = (response: { json: () => { details: Array<{ path: string; message: string }> } }) =>
  `\n${response.json().details.map(({ path, message }) => `${path}: ${message}`).join('\n')}`;

const part = (name: string): CadPart => ({ name, description: name, size: [300, 200, 100], model: 'ARM6_base' });

/** The stored catalogue as GET /api/Cad/catalogue answers it, plus a new family: a valid import. */
const catalogue = (): CatalogueInput => ({
  families: [
    {
      code: 'scara', name: 'SCARA robots', description: 'Fast pick and place',
      models: [{
        code: 'S600', name: 'S600 SCARA', description: '', revision: 'C',
        optionGroups: [
          { code: 'mounting', label: 'Mounting', values: [{ code: 'floor', label: 'Floor' }, { code: 'ceiling', label: 'Ceiling' }, { code: 'wall', label: 'Wall' }] },
          { code: 'armLength', label: 'Arm length', values: [{ code: 'arm-400', label: '400 mm' }, { code: 'arm-600', label: '600 mm' }] },
        ],
        exclusions: [{ values: ['wall', 'arm-600'], reason: 'The 600 mm arm is not offered for wall mounting.' }],
      }],
    },
    {
      code: 'delta', name: 'Delta robots', description: '',
      models: [{ code: 'D3', name: 'D3 delta', description: '', revision: 'A', optionGroups: [{ code: 'gripper', label: 'Gripper', values: [{ code: 'vacuum', label: 'Vacuum' }] }], exclusions: [] }],
    },
  ],
});

const csv = [
  'kind,family,model,group,code,name,description,revision,audience,valueA,valueB,reason',
  'family,scara,,,,SCARA robots,"Fast pick, and place",,,,,',
  'model,scara,S600,,,S600 SCARA,,C,,,,',
  'group,,S600,mounting,,Mounting,,,,,,',
  'value,,S600,mounting,floor,Floor,,,,,,',
  'value,,S600,mounting,ceiling,Ceiling,,,,,,',
  'group,,S600,armLength,,Arm length,,,,,,',
  'value,,S600,armLength,arm-400,400 mm,,,,,,',
  'value,,S600,armLength,arm-600,600 mm,,,,,,',
  'exclusion,,S600,,,,,,,ceiling,arm-600,Not for ceiling mounting',
  '',
].join('\r\n');

describe.each(await testDialects())('POST /api/Admin/cad/catalogue on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0' });
    await insertCadFamily(t.db, t.app.storage, {
      code: 'scara', name: 'SCARA robots',
      models: [
        {
          code: 'S600', name: 'S600 SCARA', revision: 'B',
          groups: [
            { code: 'mounting', label: 'mounting', values: [{ code: 'floor', label: 'Floor' }, { code: 'ceiling', label: 'Ceiling' }] },
            { code: 'armLength', label: 'arm length', values: [{ code: 'arm-400', label: '400 mm' }, { code: 'arm-600', label: '600 mm' }] },
          ],
          files: [
            { ...cadFile(part('S600_base'), 'step'), format: 'step', component: 'base' },
            { ...cadFile(part('S600_ceiling'), 'step'), format: 'step', component: 'mounting', requiredOptions: ['ceiling'] },
          ],
        },
        {
          code: 'S800', name: 'S800 SCARA', revision: 'A',
          groups: [{ code: 'mounting', label: 'mounting', values: [{ code: 'floor', label: 'Floor' }] }],
          files: [{ ...cadFile(part('S800_base'), 'step'), format: 'step', component: 'base' }],
        },
      ],
    }, 0);
    await insertCadFamily(t.db, t.app.storage, {
      code: 'cobot', name: 'Collaborative robots', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }],
      models: [{ code: 'C10', name: 'C10 cobot', revision: 'A', groups: [{ code: 'flange', label: 'Flange', values: [{ code: 'iso50', label: 'ISO 50' }] }], files: [] }],
    }, 1);
  });
  afterAll(() => t.close());

  const post = async (url: string, payload: string | object, contentType = 'application/json', user = testUsers.publisher) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...(await t.authHeaders(user)) } });
  const storedCatalogue = async () => (await t.app.inject({ url: '/api/Cad/catalogue', headers: await t.authHeaders(testUsers.employee) })).json();
  const cadFileCount = async () => (await t.db.selectFrom('cad_files').select('modelCode').execute()).length;

  it('answers 400 listing every problem of a JSON catalogue, with its path, and changes nothing', async () => {
    const before = await storedCatalogue();
    const broken = catalogue() as unknown as { families: Array<Record<string, unknown> & { models: Array<Record<string, unknown>> }> };
    broken.families[0]!.models.push({ code: 'S 900', name: '', revision: 'A', optionGroups: [] });
    const s600 = broken.families[0]!.models[0]! as unknown as CatalogueInput['families'][number]['models'][number];
    s600.optionGroups[0]!.values.push({ code: 'floor', label: 'Floor again' });
    s600.exclusions.push({ values: ['floor', 'ceiling'], reason: 'same group' }, { values: ['wall', 'arm-900'], reason: 'unknown value' });
    broken.families[1]!.code = 'scara';
    broken.families.push({ code: 'empty', name: 'Empty', models: [] });
    const response = await post('/api/Admin/cad/catalogue', broken);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The catalogue has 7 problems; nothing was changed.');
    expect(problemsOf(response)).toBe(`
families[1].code: family scara is defined twice (first at families[0].code)
families[0].models[1].code: is not a code (letters, digits, . _ -, at most 40)
families[0].models[1].name: is required
families[0].models[0].optionGroups[0].values[3].code: model S600 has the option value floor twice (first at families[0].models[0].optionGroups[0].values[0].code); value codes are unique within a model
families[0].models[0].exclusions[1].values[1]: floor and ceiling belong to the same option group, which never combines two values
families[0].models[0].exclusions[2].values[1]: model S600 has no option value arm-900
families[2]: family empty has no model`);
    expect(await storedCatalogue()).toEqual(before);
  });

  it('answers 400 listing every problem of a CSV catalogue, by row and column', async () => {
    const text = ['kind,family,model,group,code,name,colour', 'family,arms,,,,Arms,red', 'model,nope,A1,,,A1 arm', 'group,,A1,g,,G', 'value,,A1,h,v1,V1', 'widget,,,,,'].join('\n');
    const response = await post('/api/Admin/cad/catalogue', text, 'text/csv');
    expect(response.statusCode).toBe(400);
    expect(problemsOf(response)).toBe(`
row 1 (header): unknown column "colour"; the columns are kind, family, model, group, code, name, description, revision, audience, valueA, valueB, reason
row 6 (kind): "widget" is not one of family, model, group, value, exclusion
row 3 (family): names family nope, which the catalogue does not define
row 3 (revision): is required
row 5 (group): model A1 has no option group h
row 2: family arms has no model
row 4: option group g of model A1 has no value`);
  });

  it('refuses to drop CAD files (a model, or an option value they need) unless removals are allowed', async () => {
    const input = catalogue();
    input.families[0]!.models[0]!.optionGroups[0]!.values = [{ code: 'floor', label: 'Floor' }, { code: 'wall', label: 'Wall' }];
    const response = await post('/api/Admin/cad/catalogue', input);
    expect(response.statusCode).toBe(400);
    expect(problemsOf(response)).toBe(`
(catalogue): model S600 no longer has the option value ceiling, which 1 of its CAD files need (send allowRemovals=true to accept)
(catalogue): model S800 is missing: removing it deletes its 1 CAD files (send allowRemovals=true to remove it)`);
  });

  it('answers the report of a dry run without writing', async () => {
    const before = await storedCatalogue();
    const response = await post('/api/Admin/cad/catalogue?dryRun=true&allowRemovals=true', catalogue());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      format: 'json', dryRun: true, applied: false,
      counts: { families: 2, models: 2, optionGroups: 3, optionValues: 6, exclusions: 1 },
      added: { families: ['delta'], models: ['D3'] },
      removed: { families: ['cobot'], models: ['C10', 'S800'] },
      removedCadFiles: 1,
    });
    expect(await storedCatalogue()).toEqual(before);
    expect(await t.db.selectFrom('audit_entries').select('seq').where('objectKind', '=', 'cad').execute()).toEqual([]);
  });

  it('replaces the catalogue in one go: models kept with their files, the rest removed, audited', async () => {
    const response = await post('/api/Admin/cad/catalogue?allowRemovals=true', catalogue(), 'application/json', testUsers.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ applied: true, dryRun: false, removedCadFiles: 1 });
    expect(await storedCatalogue()).toEqual(catalogue());
    expect(await cadFileCount()).toBe(2);
    expect(await t.db.selectFrom('content_access').select('subjectId').where('subjectType', '=', 'cad-family').execute()).toEqual([]);
    const configuration = await t.app.inject({ url: '/api/Cad/configurations?model=S600&options=ceiling,arm-400', headers: await t.authHeaders(testUsers.customer) });
    expect(configuration.statusCode).toBe(200);
    expect(configuration.json().model).toEqual({ code: 'S600', name: 'S600 SCARA', revision: 'C' });
    const [entry] = await t.db.selectFrom('audit_entries').select(['action', 'objectId', 'actor', 'before', 'after']).where('objectKind', '=', 'cad').execute();
    expect(entry).toMatchObject({ action: 'import', objectId: 'catalogue', actor: testUsers.admin.email.toLowerCase() });
    expect(JSON.parse(entry!.before!)).toEqual({ counts: { families: 2, models: 3, optionGroups: 4, optionValues: 6, exclusions: 0 } });
    expect(JSON.parse(entry!.after!)).toMatchObject({ format: 'json', removed: { families: ['cobot'], models: ['C10', 'S800'] }, removedCadFiles: 1 });
  });

  it('imports a CSV file sent as multipart (a model without CAD files goes without allowRemovals)', async () => {
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'catalogue.csv', content: Buffer.from(csv), contentType: 'text/csv' }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/Admin/cad/catalogue', payload, headers: { ...headers, ...(await t.authHeaders(testUsers.publisher)) } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ format: 'csv', applied: true, removed: { families: ['delta'], models: ['D3'] }, removedCadFiles: 0 });
    const [family] = (await storedCatalogue()).families;
    expect(family).toMatchObject({ code: 'scara', description: 'Fast pick, and place' });
    expect(family.models[0].exclusions).toEqual([{ values: ['ceiling', 'arm-600'], reason: 'Not for ceiling mounting' }]);
  });

  it('refuses other file types, unreadable files and bodies', async () => {
    const xml = multipartBody([{ name: 'file', filename: 'catalogue.xml', content: Buffer.from('<families/>') }]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/Admin/cad/catalogue', payload: xml.payload, headers: { ...xml.headers, ...(await t.authHeaders(testUsers.publisher)) } });
    expect(refused.statusCode).toBe(415);
    const broken = multipartBody([{ name: 'file', filename: 'catalogue.json', content: Buffer.from('{"families": [') }]);
    const unreadable = await t.app.inject({ method: 'POST', url: '/api/Admin/cad/catalogue', payload: broken.payload, headers: { ...broken.headers, ...(await t.authHeaders(testUsers.publisher)) } });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().details[0].path).toBe('(file)');
    expect((await post('/api/Admin/cad/catalogue', [1, 2])).json().details).toEqual([{ path: '(catalogue)', message: 'must be an object with a families list' }]);
    expect((await post('/api/Admin/cad/catalogue', { families: 'all' })).json().details).toEqual([{ path: 'families', message: 'must be a list' }]);
    expect((await post('/api/Admin/cad/catalogue', '<x/>', 'application/xml')).statusCode).toBe(415);
    expect((await post('/api/Admin/cad/catalogue', catalogue(), 'application/json', testUsers.customer)).statusCode).toBe(403);
  });
});
