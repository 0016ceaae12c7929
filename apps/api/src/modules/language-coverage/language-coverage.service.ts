import type { Kysely } from 'kysely';
import type { LanguageCoverage, LanguageCoverageQuery } from '@portal/contracts/language-coverage';
import type { MarketConfig } from '../../config.ts';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { languageCoverageTable } from '../documents/index.ts';

export interface LanguageCoverageDeps {
  db: Kysely<Database>;
  markets: readonly MarketConfig[];
}

/**
 * The coverage report: every product × document type with a published document, per content language (those the
 * documents use and the markets'), or per language of one market (an unknown market is a 400).
 */
export async function languageCoverage(deps: LanguageCoverageDeps, query: Pick<LanguageCoverageQuery, 'market' | 'product'>): Promise<LanguageCoverage> {
  const market = query.market === undefined ? undefined : deps.markets.find((candidate) => candidate.id === query.market);
  if (query.market !== undefined && !market) {
    throw badRequest('invalidParameters', `There is no market "${query.market}"; the markets are ${deps.markets.map((known) => known.id).join(', ')}.`, [
      { path: 'querystring.market', message: 'is not a configured market' },
    ]);
  }
  const table = await languageCoverageTable(deps.db, {
    product: query.product,
    languages: market?.languages,
    extraLanguages: deps.markets.flatMap((known) => known.languages),
  });
  return { ...table, markets: deps.markets.map(({ id, name, languages }) => ({ id, name, languages: [...languages] })) };
}
