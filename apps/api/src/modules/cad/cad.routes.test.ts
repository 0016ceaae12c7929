import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { readZip } from '../../platform/delivery/zip-reader.ts';
import { testDialects } from '../../test/test-databases.ts';
import { cadFile, demoModelFile, type CadPart } from '../../demo/cad-file-generator.ts';
import { insertCadFamily, insertCadLibrary, type InsertedCadLibrary } from './cad-writer.repository.ts';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const part = (name: string): CadPart => ({ name, description: name, size: [300, 200, 100], model: 'ARM6_base' });

describe.each(await testDialects())('CAD routes on %s', (dialect) => {
  let t: TestApp;
  let cadFileIds: Record<string, string>;
  let solidworks: InsertedCadLibrary;
  let eplan: InsertedCadLibrary;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cadFileIds = await insertCadFamily(t.db, t.app.storage, {
      code: 'scara', name: 'SCARA robots',
      models: [{
        code: 'S600', name: 'S600 SCARA', revision: 'B',
        groups: [
          { code: 'mounting', label: 'mounting', values: [{ code: 'floor', label: 'Floor' }, { code: 'ceiling', label: 'Ceiling' }] },
          { code: 'armLength', label: 'arm length', values: [{ code: 'arm-400', label: '400 mm' }, { code: 'arm-600', label: '600 mm' }] },
        ],
        exclusions: [{ valueA: 'ceiling', valueB: 'arm-600', reason: 'the 600 mm arm is not offered for ceiling mounting.' }],
        files: [
          { ...cadFile(part('S600_base'), 'step'), format: 'step', component: 'base' },
          { ...cadFile(part('S600_base'), 'iges'), format: 'iges', component: 'base' },
          { ...cadFile(part('S600_base'), 'solidworks'), format: 'solidworks', component: 'base' },
          { ...cadFile(part('S600_floor'), 'step'), format: 'step', component: 'mounting', requiredOptions: ['floor'] },
          { ...cadFile(part('S600_ceiling'), 'step'), format: 'step', component: 'mounting', requiredOptions: ['ceiling'] },
          { ...cadFile(part('S600_arm-400'), 'step'), format: 'step', component: 'arm', requiredOptions: ['arm-400'] },
          { ...cadFile(part('S600_arm-600'), 'step'), format: 'step', component: 'arm', requiredOptions: ['arm-600'] },
        ],
      }],
    }, 0);
    Object.assign(cadFileIds, await insertCadFamily(t.db, t.app.storage, {
      code: 'cobot', name: 'Collaborative robots', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }],
      models: [{
        code: 'C10', name: 'C10 cobot', revision: 'A',
        groups: [{ code: 'toolFlange', label: 'tool flange', values: [{ code: 'iso50', label: 'ISO 9409-1-50' }] }],
        files: [{ ...cadFile(part('C10_body'), 'step'), format: 'step', component: 'body' }],
      }],
    }, 1));
    solidworks = await insertCadLibrary(t.db, t.app.storage, {
      cadTool: 'SOLIDWORKS', name: 'Grippers for SOLIDWORKS', productCodes: ['G20'],
      versions: [
        { version: '1.0', releaseDate: '2024-01-01', files: [{ fileName: 'grippers-1.0.SLDPRT', content: 'v1' }] },
        { version: '2.0', releaseDate: '2025-01-01', notes: 'Adds G30', files: [{ fileName: 'grippers-2.0.SLDPRT', content: 'v2' }] },
      ],
    });
    eplan = await insertCadLibrary(t.db, t.app.storage, {
      cadTool: 'EPLAN Electric P8', name: 'Controller macros', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }],
      versions: [{ version: '3.1', releaseDate: '2025-02-01', files: [{ fileName: 'rc8-macros.edz', content: 'macros' }] }],
    });
  });
  afterAll(() => t.close());

  const get = async (url: string, user = testUsers.customer) => t.app.inject({ url, headers: await t.authHeaders(user) });
  const post = async (url: string, user = testUsers.customer) => t.app.inject({ method: 'POST', url, headers: await t.authHeaders(user) });
  const recordsOf = (sub: string) => t.db.selectFrom('download_records').selectAll().where('userSub', '=', sub).orderBy('createdAt').execute();

  describe('GET /api/Cad/catalogue', () => {
    it('gives a customer the families they may see, with models, option groups and exclusions', async () => {
      const response = await get('/api/Cad/catalogue');
      expect(response.statusCode).toBe(200);
      const { families } = response.json();
      expect(families.map((family: { code: string }) => family.code)).toEqual(['scara']);
      expect(families[0].models[0]).toEqual({
        code: 'S600', name: 'S600 SCARA', description: '', revision: 'B',
        optionGroups: [
          { code: 'mounting', label: 'mounting', values: [{ code: 'floor', label: 'Floor' }, { code: 'ceiling', label: 'Ceiling' }] },
          { code: 'armLength', label: 'arm length', values: [{ code: 'arm-400', label: '400 mm' }, { code: 'arm-600', label: '600 mm' }] },
        ],
        exclusions: [{ values: ['ceiling', 'arm-600'], reason: 'the 600 mm arm is not offered for ceiling mounting.' }],
      });
    });

    it('adds restricted families for their audience', async () => {
      const { families } = (await get('/api/Cad/catalogue', testUsers.partner)).json();
      expect(families.map((family: { code: string }) => family.code)).toEqual(['scara', 'cobot']);
      expect((await t.app.inject({ url: '/api/Cad/catalogue' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/Cad/configurations', () => {
    it('answers the matching files per format, neutral formats first, with sizes and sha256', async () => {
      const response = await get('/api/Cad/configurations?model=S600&options=arm-400,floor');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.configurationId).toBe('S600/floor,arm-400');
      expect(body.zipPath).toBe('cad/S600/floor,arm-400');
      expect(body.options.map((option: { value: string }) => option.value)).toEqual(['floor', 'arm-400']);
      expect(body.formats.map((set: { format: string }) => set.format)).toEqual(['step', 'iges', 'solidworks']);
      const step = body.formats[0];
      expect(step.files.map((file: { fileName: string }) => file.fileName)).toEqual(['S600_arm-400.stp', 'S600_base.stp', 'S600_floor.stp']);
      expect(step.zipPath).toBe('cad/S600/floor,arm-400/step');
      const base = step.files[1];
      expect(base).toMatchObject({ id: cadFileIds['S600/S600_base.stp'], mediaType: 'model/step', sha256: sha256(demoModelFile('ARM6_base', 'stp')) });
      expect(step.totalSize).toBe(step.files.reduce((sum: number, file: { size: number }) => sum + file.size, 0));
      expect(body.formats[2]).toMatchObject({ label: 'SOLIDWORKS part', tool: 'SOLIDWORKS' });
    });

    it('answers 400 listing what is wrong with an invalid combination', async () => {
      const excluded = await get('/api/Cad/configurations?model=S600&options=ceiling,arm-600');
      expect(excluded.statusCode).toBe(400);
      expect(excluded.json()).toMatchObject({
        error: 'invalidParameters',
        details: [{ path: 'options', message: 'Ceiling and 600 mm cannot be combined: the 600 mm arm is not offered for ceiling mounting.' }],
      });
      const incomplete = (await get('/api/Cad/configurations?model=S600&options=floor,laser')).json();
      expect(incomplete.details.map((detail: { path: string }) => detail.path)).toEqual(['options', 'options.armLength']);
    });

    it('answers 404 for an unknown model and 403 for a model the user may not see', async () => {
      expect((await get('/api/Cad/configurations?model=X1&options=a')).statusCode).toBe(404);
      expect((await get('/api/Cad/configurations?model=C10&options=iso50')).statusCode).toBe(403);
      expect((await get('/api/Cad/configurations?model=C10&options=iso50', testUsers.partner)).statusCode).toBe(200);
      expect((await get('/api/Cad/configurations')).statusCode).toBe(400);
    });
  });

  describe('GET /api/Cad/partnerLibraries', () => {
    it('groups the visible libraries per CAD tool with versions newest first', async () => {
      const { tools } = (await get('/api/Cad/partnerLibraries')).json();
      expect(tools).toHaveLength(1);
      expect(tools[0].tool).toBe('SOLIDWORKS');
      const [library] = tools[0].libraries;
      expect(library).toMatchObject({ id: solidworks.libraryId, name: 'Grippers for SOLIDWORKS', productCodes: ['G20'] });
      expect(library.versions.map((version: { version: string }) => version.version)).toEqual(['2.0', '1.0']);
      expect(library.versions[0]).toMatchObject({ notes: 'Adds G30', totalSize: 2, zipPath: `cad-libraries/${solidworks.libraryId}/2.0` });
      expect(library.versions[0].files[0]).toMatchObject({ fileName: 'grippers-2.0.SLDPRT', size: 2, sha256: sha256('v2') });
    });

    it('shows restricted libraries to their audience', async () => {
      const { tools } = (await get('/api/Cad/partnerLibraries', testUsers.partner)).json();
      expect(tools.map((tool: { tool: string }) => tool.tool)).toEqual(['EPLAN Electric P8', 'SOLIDWORKS']);
    });
  });

  describe('POST /api/Cad/download', () => {
    it('signs a configurator file and a library file, and records both', async () => {
      const user = { ...testUsers.customer, sub: 'cad-downloader' };
      const first = await post(`/api/Cad/download?fileId=${cadFileIds['S600/S600_base.stp']}`, user);
      expect(first.statusCode).toBe(200);
      const served = await t.app.inject({ url: first.json()[0].downloadUrl });
      expect(served.rawPayload.equals(demoModelFile('ARM6_base', 'stp'))).toBe(true);
      const second = await post(`/api/Cad/download?fileId=${solidworks.fileIds['1.0/grippers-1.0.SLDPRT']}`, user);
      expect((await t.app.inject({ url: second.json()[0].downloadUrl })).body).toBe('v1');
      expect(await recordsOf(user.sub)).toEqual([
        expect.objectContaining({ itemKind: 'cad', itemId: 'model:S600', versionId: null, versionLabel: 'B', fileName: 'S600_base.stp', fileId: cadFileIds['S600/S600_base.stp'] }),
        expect.objectContaining({ itemKind: 'cad', itemId: `library:${solidworks.libraryId}`, versionId: solidworks.versionIds['1.0'], versionLabel: '1.0', fileName: 'grippers-1.0.SLDPRT' }),
      ]);
    });

    it('refuses files of hidden families and libraries with 403, unknown ids with 404', async () => {
      const user = { ...testUsers.customer, sub: 'cad-refused' };
      expect((await post(`/api/Cad/download?fileId=${cadFileIds['C10/C10_body.stp']}`, user)).statusCode).toBe(403);
      expect((await post(`/api/Cad/download?fileId=${eplan.fileIds['3.1/rc8-macros.edz']}`, user)).statusCode).toBe(403);
      expect((await post('/api/Cad/download?fileId=unknown', user)).statusCode).toBe(404);
      expect(await recordsOf(user.sub)).toEqual([]);
      expect((await post(`/api/Cad/download?fileId=${eplan.fileIds['3.1/rc8-macros.edz']}`, testUsers.partner)).statusCode).toBe(200);
    });
  });

  describe('GET /api/Content/downloadZip?filePath=cad…', () => {
    const zip = async (filePath: string, user: { sub: string } = testUsers.customer) =>
      t.app.inject({ url: `/api/Content/downloadZip?filePath=${encodeURIComponent(filePath)}`, headers: await t.authHeaders(user) });

    it('zips a configuration, all formats or one, each file matching its sha256, and records the set', async () => {
      const user = { ...testUsers.customer, sub: 'cad-zipper' };
      const configuration = (await get('/api/Cad/configurations?model=S600&options=floor,arm-400')).json();
      const all = await zip(configuration.zipPath, user);
      expect(all.statusCode).toBe(200);
      expect(all.headers['content-disposition']).toContain('filename="S600-floor-arm-400.zip"');
      const entries = readZip(all.rawPayload);
      const expected = configuration.formats.flatMap((set: { format: string; files: Array<{ fileName: string; sha256: string }> }) =>
        set.files.map((file) => ({ name: `${set.format}/${file.fileName}`, sha256: file.sha256 })));
      expect(entries.map((entry) => ({ name: entry.name, sha256: sha256(entry.data) }))).toEqual(expected);
      const step = readZip((await zip(configuration.formats[0].zipPath, user)).rawPayload);
      expect(step.map((entry) => entry.name)).toEqual(['step/S600_arm-400.stp', 'step/S600_base.stp', 'step/S600_floor.stp']);
      expect(step.every((entry) => entry.method === 8)).toBe(true);
      expect(await recordsOf(user.sub)).toEqual([
        expect.objectContaining({ itemKind: 'cad', itemId: 'set:cad/S600/floor,arm-400', versionLabel: 'B', fileName: 'S600-floor-arm-400.zip', fileId: null }),
        expect.objectContaining({ itemKind: 'cad', itemId: 'set:cad/S600/floor,arm-400/step', fileName: 'S600-floor-arm-400-step.zip' }),
      ]);
      // The history names the set by its option labels and points back at the configurator's choices.
      const history = await t.app.inject({ url: '/api/Downloads/history', headers: await t.authHeaders(user) });
      expect(history.json().items.map((item: { title: string; itemRef: string }) => [item.title, item.itemRef])).toEqual([
        ['S600 SCARA (Floor, 400 mm)', 'S600/floor,arm-400/step'],
        ['S600 SCARA (Floor, 400 mm)', 'S600/floor,arm-400'],
      ]);
    });

    it('zips a partner library version', async () => {
      const response = await zip(`cad-libraries/${solidworks.libraryId}/2.0`);
      expect(response.statusCode).toBe(200);
      const [entry] = readZip(response.rawPayload);
      expect(entry!.name).toBe('Grippers_for_SOLIDWORKS-2.0/grippers-2.0.SLDPRT');
      expect(entry!.data.toString()).toBe('v2');
    });

    it('refuses hidden content with 403, invalid configurations with 400, unknown paths with 404', async () => {
      const user = { ...testUsers.customer, sub: 'cad-zip-refused' };
      expect((await zip('cad/C10/iso50', user)).statusCode).toBe(403);
      expect((await zip(`cad-libraries/${eplan.libraryId}/3.1`, user)).statusCode).toBe(403);
      expect((await zip('cad/S600/ceiling,arm-600', user)).statusCode).toBe(400);
      expect((await zip('cad/S600/floor,arm-400/dwg', user)).statusCode).toBe(404);
      expect((await zip('cad/S600/floor,arm-400/inventor', user)).statusCode).toBe(404);
      expect((await zip(`cad-libraries/${solidworks.libraryId}/9.0`, user)).statusCode).toBe(404);
      expect(await recordsOf(user.sub)).toEqual([]);
      expect((await zip('cad/C10/iso50', testUsers.partner)).statusCode).toBe(200);
    });
  });
});
