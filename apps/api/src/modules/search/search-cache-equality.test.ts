import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@portal/contracts/documents';
import type { AuthUser } from '@portal/contracts/users';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';

/*
 * The page cache answers repeats from memory; it must never answer a search with another one's page (a key that
 * forgot a filter, the audience, the page or the reader's languages). The same distinct searches, by readers of
 * different audiences, asked in a shuffled order, twice (the second time from memory), are answered exactly as by a
 * server with the cache off (SEARCH_PAGE_CACHE_MB=0).
 */

const words = ['gripper', 'flange', 'torque', 'servo', 'valve', 'sensor', 'cable', 'pendant', 'battery', 'bracket'];
const products = ['G20', 'R100'];
const languages = ['en', 'de', 'fr'];

/** A small deterministic generator, so that both servers hold the very same documents. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

async function seed(t: TestApp): Promise<void> {
  await insertReferenceData(t.db);
  const next = generator(7);
  for (let index = 0; index < 100; index++) {
    const text = Array.from({ length: 12 }, () => words[next(words.length)]).join(' ');
    const restricted = next(5) === 0;
    await insertDocument(t.db, {
      id: `doc${index}`,
      title: `${words[next(words.length)]} ${words[next(words.length)]} ${index}`,
      typeCode: next(3) === 0 ? 'datasheet' : 'manual',
      languageCode: languages[next(languages.length)],
      products: [products[next(products.length)]],
      ...(restricted && { audience: 'restricted', rules: [next(2) === 0 ? { kind: 'role', value: 'partner' } : { kind: 'account', value: 'ACME' }] }),
      versions: [{ resourceVersion: 'A', text }],
    });
  }
}

function distinctSearches(): string[] {
  const searches: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const [one, two] = [words[index], words[(index + 5) % words.length]];
    searches.push(`q=${one}+${two}`, `q=${one.slice(0, 4)}`, `q=${one}&product=${products[index % 2]}`, `q=${two}&type=datasheet&language=${languages[index % 3]}`);
    searches.push(`q=${one}&pageSize=5&page=2`);
  }
  searches.push('q=nothingmatches', 'type=manual', 'language=de&sort=newest');
  return searches;
}

const readers: AuthUser[] = [users.customer, users.otherCustomer, users.partner];

describe.each(await testDialects())('search with the page cache on and off on %s', (dialect) => {
  let cached: TestApp;
  let uncached: TestApp;

  beforeAll(async () => {
    cached = await createTestApp(dialect);
    uncached = await createTestApp(dialect, { SEARCH_PAGE_CACHE_MB: '0' });
    await seed(cached);
    await seed(uncached);
  }, 120_000);
  afterAll(async () => {
    await cached?.close();
    await uncached?.close();
  });

  async function ask(t: TestApp, reader: AuthUser, query: string, language: string): Promise<SearchResponse> {
    const response = await t.app.inject({ url: `/api/Content/search?${query}`, headers: { ...(await t.authHeaders(reader)), 'accept-language': language } });
    expect(response.statusCode, `${query} as ${reader.sub}`).toBe(200);
    return response.json();
  }

  it('answers every distinct search the same, asked once or again', async () => {
    const next = generator(11);
    const asked = readers.flatMap((reader) => distinctSearches().map((query) => ({ reader, query, language: languages[next(3)] })));
    // Shuffled, so that neighbours in the cache differ in every part of the key.
    for (let index = asked.length - 1; index > 0; index--) {
      const other = next(index + 1);
      [asked[index], asked[other]] = [asked[other], asked[index]];
    }
    let found = 0;
    for (const round of [1, 2]) {
      for (const { reader, query, language } of asked) {
        const expected = await ask(uncached, reader, query, language);
        const answer = await ask(cached, reader, query, language);
        expect(answer, `round ${round}: ${query} as ${reader.sub} (${language})`).toEqual(expected);
        found += expected.total;
      }
    }
    // The searches find something, and what readers of different audiences see differs.
    expect(found).toBeGreaterThan(asked.length);
    const seenBy = async (reader: AuthUser) => (await ask(uncached, reader, 'q=gripper&pageSize=100', 'en')).total;
    expect(await seenBy(users.partner)).not.toBe(await seenBy(users.otherCustomer));
  }, 240_000);
});
