import { posix } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type * as aas from '@aas-core-works/aas-core3.0-typescript/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { readZip, type ZipEntry } from '../../platform/delivery/zip-reader.ts';
import { storeFile } from '../../platform/storage/store-file.ts';
import { insertDocument } from '../../test/document-fixtures.ts';
import { testUsers } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { otherCustomer, unitFixturesApp } from '../units/units.fixture.ts';
import { verificationErrors } from './aas-export.service.ts';
import { aasxRelationships } from './aasx-package.ts';
import { aas as aasCore } from './aas-core.ts';

/*
 * The AASX export of R100-0001 (ACME, the unit fixtures: the manual's versions C and B, cert1 and the firmware's
 * release notes) plus an operating manual with a thumbnail added here; and the identification link answering machines.
 */

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['Override', 'Default', 'Relationship'].includes(name), processEntities: false });
const thumbnailBytes = Buffer.from('\x89PNG thumbnail');

interface Relationship { Type: string; Target: string; Id: string }

describe.each(await testDialects())('AASX export on %s', (dialect) => {
  const app = unitFixturesApp(dialect);

  beforeAll(async () => {
    const { t } = app;
    const stored = await storeFile(t.app.storage, { fileName: 'op_manual.pdf', content: Buffer.from('%PDF-1.4 operating manual'), mediaType: 'application/pdf' });
    const thumbnail = await storeFile(t.app.storage, { fileName: 'thumb.png', content: thumbnailBytes, mediaType: 'image/png' });
    await insertDocument(t.db, { id: 'op', title: 'Operating <manual> & more', versions: [{ resourceVersion: 'A', publishedAt: '2025-02-01T09:00:00.000Z', ...stored, thumbnailKey: thumbnail.storageKey }] });
    const response = await t.app.inject({ method: 'PUT', url: '/api/Admin/units/applicability/op', headers: await t.authHeaders(testUsers.admin), payload: { unit: 'R100-0001' } });
    expect(response.statusCode).toBe(200);
  });

  const entriesOf = async (serial = 'R100-0001') => {
    const response = await app.get(`/api/Units/${serial}/aasx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/aas+zip');
    return readZip(response.rawPayload);
  };
  const entry = (entries: ZipEntry[], name: string) => {
    const found = entries.find((candidate) => candidate.name === name);
    expect(found, name).toBeDefined();
    return found!.data;
  };
  const relationships = (entries: ZipEntry[], name: string): Relationship[] => (xml.parse(entry(entries, name).toString('utf8')) as { Relationships: { Relationship: Relationship[] } }).Relationships.Relationship;
  const environmentOf = (entries: ZipEntry[]) => {
    const origin = relationships(entries, '_rels/.rels').find((relationship) => relationship.Type === aasxRelationships.origin)!;
    const spec = relationships(entries, `aasx/_rels/${posix.basename(origin.Target)}.rels`).find((relationship) => relationship.Type === aasxRelationships.spec)!;
    const part = posix.join('aasx', spec.Target);
    const parsed = aasCore.jsonization.environmentFromJsonable(JSON.parse(entry(entries, part).toString('utf8')));
    expect(parsed.error).toBeNull();
    return { part, environment: parsed.mustValue() };
  };
  const documentsOf = (environment: aas.Environment) => {
    const handover = environment.submodels!.find((submodel) => submodel.idShort === 'HandoverDocumentation')!;
    const list = handover.submodelElements![0] as aas.SubmodelElementList;
    expect(list.idShort).toBe('Documents');
    return list.value!.map((item) => {
      const document = item as aas.SubmodelElementCollection;
      const child = <T,>(parent: aas.SubmodelElementCollection, idShort: string) => parent.value!.find((element) => element.idShort === idShort) as T;
      const id = (child<aas.SubmodelElementList>(document, 'DocumentIds').value![0] as aas.SubmodelElementCollection);
      const version = child<aas.SubmodelElementList>(document, 'DocumentVersions').value![0] as aas.SubmodelElementCollection;
      const classification = child<aas.SubmodelElementList>(document, 'DocumentClassifications').value![0] as aas.SubmodelElementCollection;
      return {
        id: child<aas.Property>(id, 'DocumentIdentifier').value,
        version: child<aas.Property>(version, 'Version').value,
        classId: child<aas.Property>(classification, 'ClassId').value,
        system: child<aas.Property>(classification, 'ClassificationSystem').value,
        title: child<aas.MultiLanguageProperty>(version, 'Title').value![0]!.text,
        status: child<aas.Property>(version, 'StatusValue').value,
        setDate: child<aas.Property>(version, 'StatusSetDate').value,
        files: child<aas.SubmodelElementList>(version, 'DigitalFiles').value!.map((file) => (file as aas.File).value!),
        preview: child<aas.File | undefined>(version, 'PreviewFile')?.value ?? null,
      };
    });
  };

  it('holds an environment that verifies with no error: the unit\'s shell, Handover Documentation and Nameplate', async () => {
    const { environment } = environmentOf(await entriesOf());
    expect(verificationErrors(environment)).toEqual([]);
    const [shell] = environment.assetAdministrationShells!;
    expect(shell!.assetInformation.globalAssetId).toBe(`${app.t.app.config.publicUrl}/id/R100-0001`);
    expect(shell!.assetInformation.assetKind).toBe(aasCore.types.AssetKind.Instance);
    expect(shell!.submodels!.map((reference) => reference.keys[0]!.value).sort()).toEqual(environment.submodels!.map((submodel) => submodel.id).sort());
    const nameplate = environment.submodels!.find((submodel) => submodel.idShort === 'Nameplate')!;
    const value = (idShort: string) => nameplate.submodelElements!.find((element) => element.idShort === idShort)!;
    expect((value('SerialNumber') as aas.Property).value).toBe('R100-0001');
    expect((value('YearOfConstruction') as aas.Property).value).toBe('2025');
    expect((value('ManufacturerName') as aas.MultiLanguageProperty).value![0]!.text).toBe(app.t.app.config.MAKER_NAME);
    expect((value('ManufacturerProductDesignation') as aas.MultiLanguageProperty).value![0]!.text).toBe('R100');
  });

  it('hands over the unit\'s applicable versions, each file in the package, the thumbnail as PreviewFile', async () => {
    const entries = await entriesOf();
    const documents = documentsOf(environmentOf(entries).environment);
    expect(documents.map((document) => `${document.id}/${document.version}`).sort()).toEqual(['CERT1/A', 'MANEN/B', 'MANEN/C', 'OP/A', 'RN20/A']);
    const op = documents.find((document) => document.id === 'OP')!;
    expect(op).toMatchObject({ classId: '03-02', system: 'VDI2770:2020', title: 'Operating <manual> & more', status: 'Released', setDate: '2025-02-01' });
    expect(entry(entries, op.preview!.slice(1)).equals(thumbnailBytes)).toBe(true);
    const manualC = documents.find((document) => document.id === 'MANEN' && document.version === 'C')!;
    expect(entry(entries, manualC.files[0]!.slice(1)).equals(app.bytes.get('man-en-C')!)).toBe(true);
    for (const document of documents) expect(document.files).toHaveLength(1);
  });

  it('writes well-formed OPC parts: every part has a content type, every relationship target exists, no "..", no absolute paths', async () => {
    const entries = await entriesOf();
    const names = new Set(entries.map((candidate) => candidate.name));
    const types = xml.parse(entry(entries, '[Content_Types].xml').toString('utf8')) as { Types: { Default: Array<{ Extension: string }>; Override: Array<{ PartName: string }> } };
    const overrides = new Set(types.Types.Override.map((override) => override.PartName));
    const extensions = new Set(types.Types.Default.map((fallback) => fallback.Extension));
    for (const name of names) {
      expect(name.includes('..') || name.includes('\\') || /^[A-Za-z]:/.test(name) || name.startsWith('/'), name).toBe(false);
      if (name === '[Content_Types].xml') continue;
      expect(overrides.has(`/${name}`) || extensions.has(name.slice(name.lastIndexOf('.') + 1)), name).toBe(true);
    }
    for (const rels of [...names].filter((name) => name.endsWith('.rels'))) {
      const source = rels === '_rels/.rels' ? '' : posix.join(posix.dirname(posix.dirname(rels)), posix.basename(rels, '.rels'));
      for (const relationship of relationships(entries, rels)) {
        expect(relationship.Target.startsWith('/') || relationship.Target.includes('..'), relationship.Target).toBe(false);
        expect(names.has(posix.join(posix.dirname(source || '.'), relationship.Target)), `${rels} → ${relationship.Target}`).toBe(true);
      }
    }
    const { part, environment } = environmentOf(entries);
    const supplementary = relationships(entries, `aasx/_rels/${posix.basename(part)}.rels`).map((relationship) => posix.join('aasx', relationship.Target));
    const pointed = documentsOf(environment).flatMap((document) => [...document.files, ...(document.preview ? [document.preview] : [])].map((path) => path.slice(1)));
    expect(supplementary.sort()).toEqual(pointed.sort());
  });

  it('answers 404 for another account\'s unit exactly like a missing one', async () => {
    const foreign = await app.get('/api/Units/R100-0001/aasx', otherCustomer);
    const missing = await app.get('/api/Units/R100-9999/aasx', otherCustomer);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  describe('the identification link', () => {
    const machine = async (headers: Record<string, string> = {}) => app.t.app.inject({ url: '/id/R100-0001', headers: { accept: 'application/aas+json', ...headers } });

    it('answers a machine with a token the unit\'s shell, varying on Accept', async () => {
      const response = await machine(await app.t.authHeaders(testUsers.customer));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/aas+json');
      expect(response.headers.vary).toContain('Accept');
      const shell = aasCore.jsonization.assetAdministrationShellFromJsonable(response.json());
      expect(shell.error).toBeNull();
      expect(verificationErrors(shell.mustValue())).toEqual([]);
      expect(shell.mustValue().assetInformation.globalAssetId).toBe(`${app.t.app.config.publicUrl}/id/R100-0001`);
    });

    it('resolves every submodel reference of the shell', async () => {
      const headers = await app.t.authHeaders(testUsers.customer);
      const shell = aasCore.jsonization.assetAdministrationShellFromJsonable((await machine(headers)).json()).mustValue();
      expect(shell.submodels).toHaveLength(2);
      for (const reference of shell.submodels!) {
        const id = reference.keys[0]!.value;
        const response = await app.get(`/api/Units/R100-0001/aas/submodels/${Buffer.from(id).toString('base64url')}`);
        expect(response.statusCode, id).toBe(200);
        const submodel = aasCore.jsonization.submodelFromJsonable(response.json());
        expect(submodel.error).toBeNull();
        expect(submodel.mustValue().id).toBe(id);
        expect(verificationErrors(submodel.mustValue())).toEqual([]);
      }
      const unknown = await app.get(`/api/Units/R100-0001/aas/submodels/${Buffer.from('urn:other').toString('base64url')}`);
      expect(unknown.statusCode).toBe(404);
    });

    it('refuses a machine without a valid token (401, JSON) and another account\'s unit (404)', async () => {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Array<Record<string, string>>) {
        const response = await machine(headers);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ error: 'notAuthenticated' });
      }
      expect((await machine(await app.t.authHeaders(otherCustomer))).statusCode).toBe(404);
    });

    it('still sends a browser to the unit page, varying on Accept', async () => {
      const response = await app.t.app.inject({ url: '/id/R100-0001', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('/units/R100-0001');
      expect(response.headers.vary).toContain('Accept');
    });
  });
});
