import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFolders } from './folder-meaning.ts';
import { deriveMetadata, planImport } from './import-plan.ts';

describe('import plan', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'portal-plan-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('reads type, products, reference, version, language and title from folders and file names', () => {
    const catalog = { types: [{ code: 'datasheet', name: 'Data sheet' }], products: [] };
    expect(deriveMetadata(join('datasheet', 'GRIP20+VAC4', 'D28092504_B_fr_Fiche technique_G20.pdf'), catalog)).toEqual({
      typeCode: 'datasheet', products: ['GRIP20', 'VAC4'], serviceRef: 'D28092504', resourceVersion: 'B', languageCode: 'fr', title: 'Fiche technique G20',
    });
    const loose = deriveMetadata('Old-manual_scan.pdf');
    expect(loose).toMatchObject({ typeCode: 'manual', products: [], resourceVersion: 'A', languageCode: 'en', title: 'Old manual scan' });
    expect(loose.serviceRef).toMatch(/^F[0-9A-F]{11}$/);
    expect(deriveMetadata('Old-manual_scan.pdf').serviceRef).toBe(loose.serviceRef);
    expect(deriveMetadata('other/Old-manual_scan.pdf').serviceRef).not.toBe(loose.serviceRef);
  });

  it('plans the versions of a document in order and reports files it cannot name', async () => {
    await mkdir(join(folder, 'manual', 'ARM6'), { recursive: true });
    for (const name of ['D1_C_en_Manual.pdf', 'D1_A_en_Manual.pdf', 'D1_B_en_Manual.pdf', 'D2_A_xx1_Bad language.pdf']) {
      await writeFile(join(folder, 'manual', 'ARM6', name), 'x');
    }
    const plan = await planImport(folder);
    expect(plan.items.map((item) => `${item.metadata.serviceRef}-${item.metadata.resourceVersion}`)).toEqual(['D1-A', 'D1-B', 'D1-C', expect.stringMatching(/^F[0-9A-F]{11}-A$/)]);
    expect(plan.problems).toEqual([]);
  });

  it('reads a CSV manifest with access rules, and lists the rows it refuses', async () => {
    await writeFile(join(folder, 'a.pdf'), 'x');
    await writeFile(join(folder, 'b.pdf'), 'x');
    await writeFile(
      join(folder, 'manifest.csv'),
      [
        'path,serviceRef,title,type,language,products,version,audience,access,downloadable,changeNote,variantGroup',
        'a.pdf,D100,Safety manual,manual,de,ARM6|CTRL7,2.1,restricted,role:partner|user:Jane@Example.com@2030-01-01T00:00:00Z,no,Second edition,G1',
        'b.pdf,D-101,Bad reference,manual,en,,A,,,,,',
        '../outside.pdf,D102,Outside,manual,en,,A,,,,,',
      ].join('\n'),
    );
    const plan = await planImport(folder, join(folder, 'manifest.csv'));
    expect(plan.items).toHaveLength(1);
    expect(plan.items[0].metadata).toMatchObject({
      serviceRef: 'D100', title: 'Safety manual', typeCode: 'manual', languageCode: 'de', products: ['ARM6', 'CTRL7'], resourceVersion: '2.1',
      audience: 'restricted', downloadable: false, changeNote: 'Second edition', variantGroup: 'G1',
      access: [{ kind: 'role', value: 'partner' }, { kind: 'user', value: 'jane@example.com', expiresAt: '2030-01-01T00:00:00Z' }],
    });
    expect(plan.problems).toEqual([
      expect.stringMatching(/^manifest line 3 \(b\.pdf\): serviceRef is not a service reference/),
      'manifest line 4 (../outside.pdf): the path leaves the folder',
    ]);
  });
});

describe('folder names', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'portal-plan-folders-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));
  const catalog = { types: [{ code: 'manual', name: 'Manual' }, { code: 'datasheet', name: 'Data sheet' }], products: ['GRIP20', 'VAC4'] };

  // Issue 13: `npm run import` of a nested tree imported 1 file of 337, "typeCode is not a code".
  it('takes a folder as the type only when it names a known type, and never refuses a file for its folders', () => {
    expect(readFolders(['Public corpus', 'Data sheets', 'grip20+VAC4', 'Scans (old)'], catalog)).toEqual({
      typeCode: 'datasheet', products: ['GRIP20', 'VAC4'], ignored: ['Public corpus', 'Scans (old)'],
    });
    expect(readFolders(['MANUALS', 'ARM6+CTRL7', 'ARM6'], catalog)).toEqual({ typeCode: 'manual', products: ['ARM6', 'CTRL7'], ignored: ['ARM6'] });
    expect(readFolders(['2019', 'pdfs'], catalog)).toEqual({ products: [], ignored: ['2019', 'pdfs'] });
    expect(deriveMetadata(join('Public corpus 2019', 'Scans (old)', 'drawing 17.tiff'), catalog)).toMatchObject({ typeCode: 'manual', products: [] });
  });

  it('plans a nested tree of unknown folder names whole, and lists the names it ignored', async () => {
    await mkdir(join(folder, 'Corpus A', 'deep', 'deeper'), { recursive: true });
    await writeFile(join(folder, 'Corpus A', 'deep', 'deeper', 'one.pdf'), 'x');
    await writeFile(join(folder, 'Corpus A', 'deep', 'two.pdf'), 'x');
    await writeFile(join(folder, 'Corpus A', 'three.pdf'), 'x');
    const plan = await planImport(folder, undefined, catalog);
    expect(plan.problems).toEqual([]);
    expect(plan.items).toHaveLength(3);
    expect(plan.ignoredFolders).toEqual([{ folder: 'Corpus A', files: 3 }, { folder: 'deep', files: 2 }, { folder: 'deeper', files: 1 }]);
  });
});
