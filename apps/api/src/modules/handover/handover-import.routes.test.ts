import * as aas from '@aas-core-works/aas-core3.0-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { readZip } from '../../platform/delivery/zip-reader.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { rawZip } from '../admin-import/raw-zip.fixture.ts';
import { seedUnitFixtures } from '../units/units.fixture.ts';

/*
 * Issue 26 item 5: a supplier's handover taken in as drafts. The VDI 2770 container comes from our own export of
 * R100-0001 and goes into product G20; the AASX is built here with aas-core; XXE, a zip bomb, an unknown class or
 * language and a customer are refused.
 */

async function zipOf(entries: Array<[string, Buffer | string]>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of entries) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(200)}\n%%EOF\n`);

function property(idShort: string | null, value: string): aas.types.Property {
  const element = new aas.types.Property(aas.types.DataTypeDefXsd.String);
  element.idShort = idShort;
  element.value = value;
  return element;
}

function collection(idShort: string | null, value: aas.types.ISubmodelElement[]): aas.types.SubmodelElementCollection {
  const element = new aas.types.SubmodelElementCollection();
  element.idShort = idShort;
  element.value = value;
  return element;
}

function list(idShort: string, type: aas.types.AasSubmodelElements, value: aas.types.ISubmodelElement[]): aas.types.SubmodelElementList {
  const element = new aas.types.SubmodelElementList(type);
  element.idShort = idShort;
  element.value = value;
  if (type === aas.types.AasSubmodelElements.Property) element.valueTypeListElement = aas.types.DataTypeDefXsd.String;
  return element;
}

/** A Handover Documentation 2.0 document with one version. */
function aasDocument(facts: { id: string; classId: string; language: string; version: string; title: string; file: string }) {
  const title = new aas.types.MultiLanguageProperty();
  title.idShort = 'Title';
  title.value = [new aas.types.LangStringTextType(facts.language, facts.title)];
  const file = new aas.types.File('application/pdf');
  file.value = facts.file;
  const { SubmodelElementCollection: smc, Property: prop, File: fileType } = aas.types.AasSubmodelElements;
  return collection(null, [
    list('DocumentIds', smc, [collection(null, [property('DocumentDomainId', 'supplier.example'), property('DocumentIdentifier', facts.id)])]),
    list('DocumentClassifications', smc, [collection(null, [property('ClassId', facts.classId), property('ClassificationSystem', 'VDI2770:2018')])]),
    list('DocumentVersions', smc, [collection(null, [list('Languages', prop, [property(null, facts.language)]), property('Version', facts.version), title, list('DigitalFiles', fileType, [file])])]),
  ]);
}

async function aasxOf(documents: aas.types.SubmodelElementCollection[], files: Array<[string, Buffer]>, relsOverride?: string): Promise<Buffer> {
  const submodel = new aas.types.Submodel('urn:supplier:handover:1');
  submodel.idShort = 'HandoverDocumentation';
  submodel.semanticId = new aas.types.Reference(aas.types.ReferenceTypes.ExternalReference, [new aas.types.Key(aas.types.KeyTypes.GlobalReference, '0173-1#01-AHF578#003')]);
  submodel.submodelElements = [list('Documents', aas.types.AasSubmodelElements.SubmodelElementCollection, documents)];
  const environment = new aas.types.Environment(null, [submodel]);
  expect([...aas.verification.verify(environment)]).toEqual([]);
  const relationship = (type: string, target: string) => `<Relationship Type="http://admin-shell.io/aasx/relationships/${type}" Target="${target}" Id="r1"/>`;
  const rels = (body: string) => `<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`;
  return zipOf([
    ['[Content_Types].xml', '<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'],
    ['_rels/.rels', relsOverride ?? rels(relationship('aasx-origin', '/aasx/aasx-origin'))],
    ['aasx/aasx-origin', 'Intentionally empty.'],
    ['aasx/_rels/aasx-origin.rels', rels(relationship('aas-spec', '/aasx/data.json'))],
    ['aasx/data.json', JSON.stringify(aas.jsonization.toJsonable(environment))],
    ...files,
  ]);
}

describe.each(await testDialects())('handover imports on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { UPLOAD_MAX_BYTES: '2000000' });
    await seedUnitFixtures(t);
  }, 60_000);
  afterAll(() => t.close());

  const send = async (file: Buffer, metadata: object = { product: 'G20' }, user: TestUserInput = testUsers.publisher, fileName = 'handover.zip') => {
    const body = multipartBody([{ name: 'metadata', value: JSON.stringify(metadata) }, { name: 'file', filename: fileName, content: file, contentType: 'application/zip' }]);
    return t.app.inject({ method: 'POST', url: '/api/Admin/handover-imports', payload: body.payload, headers: { ...body.headers, ...(await t.authHeaders(user)) } });
  };
  const draftsOf = (product: string) =>
    t.db
      .selectFrom('documents')
      .innerJoin('document_products', 'document_products.documentId', 'documents.id')
      .innerJoin('document_versions', 'document_versions.documentId', 'documents.id')
      .where('document_products.productCode', '=', product)
      .select(['documents.id', 'documents.status', 'documents.languageCode', 'documents.typeCode', 'documents.title', 'document_versions.resourceVersion'])
      .execute();

  it('takes our own VDI 2770 export of a unit into another product: the same documents, languages and versions, as drafts', async () => {
    const exported = await t.app.inject({ url: '/api/Units/R100-0001/vdi2770', headers: await t.authHeaders(testUsers.admin) });
    expect(exported.statusCode).toBe(200);
    const response = await send(exported.rawPayload, { product: 'G20' }, testUsers.publisher, 'R100-0001-vdi2770-en.zip');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ format: 'vdi2770', product: 'G20', unit: null, refused: [] });
    const taken = report.taken.map((entry: { source: string; language: string; version: string }) => `${entry.source} ${entry.language} ${entry.version}`).sort();
    // Every document container of the export (named DOCUMENT_VERSION_LANGUAGE.zip) comes back with its language and version.
    const containers = readZip(exported.rawPayload).map((entry) => entry.name).filter((name) => name.endsWith('.zip'));
    expect(containers).toEqual(expect.arrayContaining(['CERT1_A_en.zip', 'MANEN_B_en.zip', 'MANEN_C_en.zip', 'RN20_A_en.zip']));
    expect(taken).toEqual(containers.map((name) => `${name} ${name.split('_')[2]!.replace('.zip', '')} ${name.split('_')[1]}`).sort());
    const drafts = await draftsOf('G20');
    expect(drafts).toHaveLength(containers.length);
    expect(new Set(drafts.map((draft) => draft.status))).toEqual(new Set(['unpublished']));
    const manual = drafts.filter((draft) => draft.resourceVersion === 'B' || draft.resourceVersion === 'C');
    expect(manual.map((draft) => draft.id)[0]).toBe(manual.map((draft) => draft.id)[1]);
    expect(new Set(drafts.map((draft) => `${draft.typeCode}`))).toEqual(new Set(['manual', 'datasheet']));
    for (const entry of report.taken) expect(drafts.some((draft) => draft.id === entry.documentId && draft.title === entry.title)).toBe(true);
    const audit = await t.db.selectFrom('audit_entries').select(['action', 'objectKind', 'objectId']).where('objectKind', '=', 'handover').execute();
    expect(audit).toContainEqual({ action: 'import', objectKind: 'handover', objectId: 'G20' });
  }, 60_000);

  it('takes our own AASX export of a unit into another product: the same documents, languages and versions as its VDI 2770 container, as drafts', async () => {
    const admin = await t.authHeaders(testUsers.admin);
    const [aasx, vdi2770] = await Promise.all([
      t.app.inject({ url: '/api/Units/R100-0001/aasx?language=en', headers: admin }),
      t.app.inject({ url: '/api/Units/R100-0001/vdi2770?language=en', headers: admin }),
    ]);
    expect([aasx.statusCode, vdi2770.statusCode]).toEqual([200, 200]);
    const response = await send(aasx.rawPayload, { product: 'G20' }, testUsers.publisher, 'R100-0001.aasx');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ format: 'aasx', product: 'G20', refused: [] });
    // The VDI 2770 container names each document container DOCUMENT_VERSION_LANGUAGE.zip: the AASX must carry the same set.
    const expected = readZip(vdi2770.rawPayload).map((entry) => entry.name).filter((name) => name.endsWith('.zip')).map((name) => name.replace('.zip', '').split('_').slice(1).reverse().join(' ')).sort();
    const taken = report.taken.map((entry: { language: string; version: string }) => `${entry.language} ${entry.version}`).sort();
    expect(taken).toEqual(expected);
    const drafts = await draftsOf('G20');
    for (const entry of report.taken as Array<{ documentId: string; title: string; version: string }>) {
      expect(drafts).toContainEqual(expect.objectContaining({ id: entry.documentId, status: 'unpublished', title: entry.title, resourceVersion: entry.version }));
    }
  }, 60_000);

  it('takes an AASX built with aas-core for a unit, and reports an unknown class or language instead of guessing', async () => {
    const documents = [
      aasDocument({ id: 'SUP-OP-1', classId: '03-02', language: 'de', version: '2.1', title: 'Betriebsanleitung', file: '/aasx/files/op.pdf' }),
      aasDocument({ id: 'SUP-CT-1', classId: '04-01', language: 'en', version: '1', title: 'Contract', file: '/aasx/files/ct.pdf' }),
      aasDocument({ id: 'SUP-XX-1', classId: '02-01', language: 'qq', version: '1', title: 'Unknown language', file: '/aasx/files/xx.pdf' }),
    ];
    const aasx = await aasxOf(documents, [['aasx/files/op.pdf', pdf('op')], ['aasx/files/ct.pdf', pdf('ct')], ['aasx/files/xx.pdf', pdf('xx')]]);
    const response = await send(aasx, { unit: 'R100-0001' }, testUsers.admin, 'unit.aasx');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ format: 'aasx', product: 'R100', unit: 'R100-0001' });
    expect(report.taken).toEqual([expect.objectContaining({ source: 'Documents[0]', typeCode: 'manual', language: 'de', version: '2.1', title: 'Betriebsanleitung' })]);
    expect(report.refused).toEqual([
      { source: 'Documents[1] (SUP-CT-1, version 1)', reason: expect.stringContaining('class "04-01" is no VDI 2770 class a document type maps to') },
      { source: 'Documents[2] (SUP-XX-1, version 1)', reason: expect.stringContaining('language "qq" is not a language the portal knows') },
    ]);
    const draft = await t.db.selectFrom('documents').select(['status', 'languageCode']).where('id', '=', report.taken[0].documentId).executeTakeFirstOrThrow();
    expect(draft).toEqual({ status: 'unpublished', languageCode: 'de' });
  });

  it('refuses XML declaring a DTD or an entity (XXE) with a clear message', async () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><Relationships>&x;</Relationships>';
    const document = aasDocument({ id: 'D', classId: '03-02', language: 'en', version: 'A', title: 'T', file: '/aasx/files/d.pdf' });
    const response = await send(await aasxOf([document], [['aasx/files/d.pdf', pdf('d')]], xxe));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/declares a DTD or an entity .*XXE/);
    const container = await zipOf([['DOC_A_en.zip', await zipOf([['VDI2770_Metadata.xml', xxe.replace('Relationships', 'Document')], ['a.pdf', pdf('a')]])]]);
    const report = (await send(container)).json();
    expect(report.taken).toEqual([]);
    expect(report.refused).toEqual([{ source: 'DOC_A_en.zip', reason: expect.stringContaining('XXE') }]);
  });

  it('refuses a zip bomb, outside and nested, by the import\'s zip limits', async () => {
    const bomb = rawZip([{ name: 'zeros.pdf', data: Buffer.alloc(3_000_000), deflate: true }]);
    expect(bomb.length).toBeLessThan(20_000);
    const response = await send(bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toContain('larger than the 2000000 bytes');
    const nested = await zipOf([['DOC_A_en.zip', bomb]]);
    const report = (await send(nested)).json();
    expect(report.refused).toEqual([{ source: 'DOC_A_en.zip', reason: expect.stringContaining('larger than the') }]);
  });

  it('is for publishers and admins only', async () => {
    const response = await send(await zipOf([['a.txt', 'a']]), { product: 'G20' }, testUsers.customer);
    expect(response.statusCode).toBe(403);
  });

  it('refuses an unknown product before reading the file', async () => {
    const response = await send(await zipOf([['a.txt', 'a']]), { product: 'NOPE' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('There is no product NOPE.');
  });
});
