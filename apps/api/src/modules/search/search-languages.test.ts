import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../../demo/demo-catalog.ts';
import { datasheetContent, manualContent, productSpecs } from '../../demo/demo-texts.ts';
import type { DocumentContent } from '../../demo/document-content.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import { parseSearchTerms } from './search-query.ts';
import { searchPage } from './search.service.ts';

/*
 * Search in the reader's language, on both engines: the demo's public documents (titles, types,
 * products, languages and the text of their manuals and data sheets, as the demo seed makes
 * them) searched with the names the web shows in German and French, compounds split and joined,
 * accents folded both ways, and the reader's language first.
 */

const german = ['de-DE', 'de', 'en'];
const french = ['fr-FR', 'fr', 'en'];

function textOf(content: DocumentContent): string {
  return [content.title, content.subtitle, ...content.sections.flatMap((section) => [section.heading, ...section.paragraphs])].join('\n');
}

/** The demo's public documents, with the text their generated files hold (manuals and data sheets) or their title. */
const demoDocuments = demoCatalog()
  .filter((document) => document.audience === 'everyone')
  .map((document) => {
    const spec = productSpecs[document.products[0]];
    const make = document.typeCode === 'manual' ? manualContent : document.typeCode === 'datasheet' ? datasheetContent : null;
    const text = spec && make && document.title.startsWith(make(spec, document.languageCode, 'A').title.split(' - ')[0]) ? textOf(make(spec, document.languageCode, 'A')) : document.title;
    return { ...document, id: document.serviceRef.toLowerCase(), text };
  });

const idsWhere = (keep: (document: (typeof demoDocuments)[number]) => boolean) => demoDocuments.filter(keep).map((document) => document.id).sort();

describe.each(await testDialects())('search in the reader language on %s', (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    await ensureReferenceData(handle.db);
    for (const document of demoDocuments) {
      await insertDocument(handle.db, {
        id: document.id, title: document.title, typeCode: document.typeCode, languageCode: document.languageCode, variantGroup: document.variantGroup, products: document.products,
        versions: [{ resourceVersion: 'A', text: document.text }],
      });
    }
    const extra = (id: string, title: string, languageCode: string) =>
      insertDocument(handle.db, { id, title, typeCode: 'drawing', languageCode, products: [], versions: [{ resourceVersion: 'A', text: title }] });
    await extra('x-greifer', 'Greifer Backenwechsel', 'de');
    await extra('x-servo-greifer', 'Servo-Greifer Kabelplan', 'de');
    await extra('x-prehenseur', 'Plan du prehenseur a ventouses', 'fr');
  }, 120_000);
  afterAll(() => handle.destroy());

  async function ids(q: string, readerLanguages: string[]): Promise<string[]> {
    const page = await searchPage(handle.db, {
      terms: parseSearchTerms(q), type: [], product: [], language: [], sort: 'relevance', limit: 100, offset: 0, user: users.customer, readerLanguages,
    });
    expect(page.total).toBe(page.items.length);
    return page.items.map((item) => item.id);
  }

  const languageOf = (id: string) => demoDocuments.find((document) => document.id === id)?.languageCode;
  const groupOf = (id: string) => demoDocuments.find((document) => document.id === id)?.variantGroup;

  /** Whether, in every variant group among the results, the variant in `reader`'s language comes before the group's others. */
  function readerVariantsFirst(found: string[], reader: string): boolean {
    return found.every((id, index) => {
      if (languageOf(id) !== reader) return true;
      return found.slice(0, index).every((earlier) => groupOf(earlier) !== groupOf(id));
    });
  }

  it.each([
    { q: 'Servogreifer', product: 'GRIP20' },
    { q: 'Werkzeugwechsler', product: 'TC50' },
    { q: 'Werkzeugwechsler', product: 'TC120' },
    { q: 'préhenseur', product: 'GRIP20' },
    { q: 'prehenseur', product: 'VAC4' },
  ])('a German or French customer searching $q finds every document of $product, each in their language first', async ({ q, product }) => {
    for (const readerLanguages of [german, french]) {
      const found = await ids(q, readerLanguages);
      expect(found).toEqual(expect.arrayContaining(idsWhere((document) => document.products.includes(product))));
      expect(readerVariantsFirst(found, readerLanguages[1]), `${q} as ${readerLanguages[1]}`).toBe(true);
    }
  });

  it('finds every manual by the German type name, the German ones first for a German reader', async () => {
    const found = await ids('Handbuch', german);
    expect(found).toEqual(expect.arrayContaining(idsWhere((document) => document.typeCode === 'manual')));
    const firstOther = found.findIndex((id) => languageOf(id) !== 'de');
    expect(found.slice(firstOther).some((id) => languageOf(id) === 'de')).toBe(false);
    expect(firstOther).toBeGreaterThan(0);
  });

  it('finds the German manuals by a word of their text, for a German and a French reader', async () => {
    const germanManuals = idsWhere((document) => document.typeCode === 'manual' && document.languageCode === 'de');
    expect(germanManuals.length).toBeGreaterThan(3);
    for (const readerLanguages of [german, french]) expect(await ids('Sicherheitshinweise', readerLanguages)).toEqual(expect.arrayContaining(germanManuals));
  });

  it('splits a German compound into known words: Servogreifer finds Greifer and Servo-Greifer, the whole compound ranked first', async () => {
    const found = await ids('Servogreifer', german);
    expect(found).toEqual(expect.arrayContaining(['x-greifer', 'x-servo-greifer']));
    expect(found.indexOf('x-servo-greifer')).toBeLessThan(found.indexOf('x-greifer'));
    // The head alone finds the compounds it ends: Greifer finds Servogreifer and Vakuumgreifer.
    expect(await ids('Greifer', german)).toEqual(expect.arrayContaining([...idsWhere((document) => document.products.includes('GRIP20')), 'x-greifer']));
  });

  it('folds accents both ways: préhenseur finds prehenseur, prehenseur finds préhenseur', async () => {
    expect(await ids('préhenseur', french)).toContain('x-prehenseur');
    const accented = idsWhere((document) => document.languageCode === 'fr' && document.text.includes('Préhenseur'));
    expect(accented.length).toBeGreaterThan(0);
    expect(await ids('prehenseur', french)).toEqual(expect.arrayContaining(accented));
  });

  it('ranks a document’s variant in the reader’s language first, the others in the reader’s order', async () => {
    const group = ['de', 'fr', 'en'].map((language) => demoDocuments.find((document) => document.variantGroup === demoDocuments.find((d) => d.title.startsWith('Servogreifer G20 - Montage'))?.variantGroup && document.languageCode === language)!.id);
    const order = (found: string[]) => found.filter((id) => group.includes(id)).map(languageOf);
    expect(order(await ids('G20', ['de-DE', 'fr', 'en']))).toEqual(['de', 'fr', 'en']);
    expect(order(await ids('G20', ['fr-FR', 'en', 'de']))).toEqual(['fr', 'en', 'de']);
  });
});

describe.each(await testDialects())('GET /api/Content/search in the Accept-Language order on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertReferenceData(t.db);
    for (const languageCode of ['en', 'fr', 'de']) {
      await insertDocument(t.db, { id: `zyklon-${languageCode}`, title: 'Zyklon adapter', languageCode, variantGroup: 'zyklon', versions: [{ resourceVersion: 'A', text: 'Zyklon' }] });
    }
  });
  afterAll(() => t.close());

  async function order(acceptLanguage: string | undefined): Promise<string[]> {
    const headers = { ...(await t.authHeaders(users.customer)), ...(acceptLanguage !== undefined && { 'accept-language': acceptLanguage }) };
    const response = await t.app.inject({ url: '/api/Content/search?q=zyklon', headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: Array<{ languageCode: string }> }).items.map((item) => item.languageCode);
  }

  it('lists the variants in the header’s order, the most wanted language first', async () => {
    expect(await order('de-DE,de;q=0.9,fr;q=0.5,en;q=0.7')).toEqual(['de', 'en', 'fr']);
    expect(await order('fr-FR, en;q=0.8')).toEqual(['fr', 'en', 'de']);
    expect(await order('en-US')).toEqual(['en', 'de', 'fr']);
  });
});
