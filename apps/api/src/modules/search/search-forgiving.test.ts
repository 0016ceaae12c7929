import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import { parseSearchTerms } from './search-query.ts';
import { searchPage } from './search.service.ts';
import type { SearchCriteria } from './search.repository.ts';

/*
 * Search that forgives, on both engines with the same expectations: document numbers, stems in
 * English, French and German, accents, typos of one and two letters with "did you mean", and the
 * no-result page's filter totals. Fixture ids become document numbers (upper case).
 */

async function seed(handle: TestDatabase): Promise<void> {
  const db = handle.db;
  await insertReferenceData(db);
  const doc = (id: string, title: string, text: string, more: Record<string, unknown> = {}) =>
    insertDocument(db, { id, title, versions: [{ resourceVersion: 'A', text }], products: ['G20'], ...more });
  await doc('d28092504', 'Gripper G20 operating manual', 'Operating the unit.');
  await doc('d28092999', 'Errata to D28092504', 'Corrections of the operating manual D28092504.');
  await doc('e100', 'Battery replacement', 'Replace the battery every year.');
  await doc('e101', 'Maintenance schedule', 'Intervals of the service.');
  await doc('e102', 'Installation manual', 'Mounting the robot.', { typeCode: 'datasheet' });
  await doc('e103', 'Controller manual', 'Wiring the controller.');
  await doc('e104', 'Pendant manual', 'Teaching points.');
  await doc('e105', 'Quick card', 'See the manaul for everything else.');
  await doc('f200', 'Capteur de force', 'Montage du capteur.', { languageCode: 'fr' });
  await doc('f201', 'Consignes de sécurité', 'Lire avant la mise en service.', { languageCode: 'fr' });
  await doc('g300', 'Schrauben anziehen', 'Drehmoment der Schrauben.', { languageCode: 'de', products: ['R100'] });
  await doc('g301', 'Anleitung Greifer', 'Wartung des Greifers.', { languageCode: 'de', products: ['R100'] });
}

interface Case {
  name: string;
  q: string;
  /** The ids found, in order when `ordered`, else as a set. */
  finds: string[];
  ordered?: boolean;
  /** Only the first result is checked, among any others. */
  first?: string;
  didYouMean?: string;
}

const cases: Case[] = [
  { name: 'a full document number finds that document first', q: 'D28092504', first: 'd28092504', finds: ['d28092504', 'd28092999'] },
  { name: 'a share link number with its revision finds the document', q: 'D28092504-A', first: 'd28092504', finds: ['d28092504', 'd28092999'] },
  { name: 'the start of a document number finds it first', q: 'd2809250', first: 'd28092504', finds: ['d28092504', 'd28092999'] },
  { name: 'English plural finds the singular', q: 'grippers', finds: ['d28092504'] },
  { name: 'English plural with y → ies', q: 'batteries', finds: ['e100'] },
  { name: 'French plural finds the singular', q: 'capteurs', finds: ['f200'] },
  { name: 'German singular finds the plural', q: 'Schraube', finds: ['g300'] },
  { name: 'German plural finds the singular', q: 'Anleitungen', finds: ['g301'] },
  { name: 'without accents finds the accented word', q: 'securite', finds: ['f201'] },
  { name: 'with accents finds the same', q: 'SÉCURITÉ', finds: ['f201'] },
  { name: 'an accented plural without accents', q: 'securites', finds: ['f201'] },
  {
    name: 'a one-letter typo (swapped letters) finds the word, ranked below the document holding the typo itself',
    q: 'manaul',
    first: 'e105',
    finds: ['e105', 'd28092504', 'd28092999', 'e102', 'e103', 'e104'],
    didYouMean: 'manual',
  },
  { name: 'a one-letter typo (missing letter)', q: 'maintenace', finds: ['e101'], didYouMean: 'maintenance' },
  { name: 'a two-letter typo', q: 'maintnace', finds: ['e101'], didYouMean: 'maintenance' },
  { name: 'a typo next to an exact word keeps the exact word and corrects the other', q: 'installation manaul', finds: ['e102'], didYouMean: 'installation manual' },
  { name: 'a correct word offers no correction', q: 'maintenance', finds: ['e101'] },
  { name: 'a short unknown word is not corrected', q: 'zzzq', finds: [] },
];

describe.each(await testDialects())('forgiving search on %s', (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    await seed(handle);
  });
  afterAll(() => handle.destroy());

  function search(q: string, filters: Partial<Pick<SearchCriteria, 'type' | 'product' | 'language'>> = {}) {
    const terms = parseSearchTerms(q);
    const criteria: SearchCriteria = {
      terms, type: [], product: [], language: [], sort: 'relevance', limit: 24, offset: 0, user: users.customer, ...filters,
    };
    return searchPage(handle.db, criteria);
  }

  it.each(cases)('$name ($q)', async ({ q, finds, ordered, first, didYouMean }) => {
    const page = await search(q);
    const ids = page.items.map((item) => item.id);
    if (ordered) expect(ids).toEqual(finds);
    else expect([...ids].sort()).toEqual([...finds].sort());
    if (first) expect(ids[0]).toBe(first);
    expect(page.total).toBe(finds.length);
    expect(page.didYouMean).toBe(didYouMean);
  });

  it('marks the written form of a folded, stemmed or corrected word in the snippet', async () => {
    const [item] = (await search('Schraube')).items;
    expect(item.snippet).toContain('\uE000Schrauben\uE001');
    const [manual] = (await search('maintenace intervals')).items;
    expect(manual.snippet).toContain('\uE000Intervals\uE001');
  });

  it('says, when filters hide every match, how many documents each filter hides', async () => {
    const page = await search('gripper', { language: ['fr'], product: ['G20'] });
    expect(page.total).toBe(0);
    expect(page.withoutFilters).toEqual({ each: [{ filter: 'product', total: 0 }, { filter: 'language', total: 1 }], all: 1 });
    const typed = await search('schrauben', { type: ['datasheet'] });
    expect(typed.withoutFilters).toEqual({ each: [{ filter: 'type', total: 1 }], all: 1 });
  });

  it('gives no filter totals when there are results or no filters', async () => {
    expect((await search('gripper', { language: ['en'] })).withoutFilters).toBeUndefined();
    expect((await search('zzzq')).withoutFilters).toBeUndefined();
  });
});
