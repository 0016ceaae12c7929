import type { SearchAnalyticsNoResults, SearchAnalyticsQueryDetail, SearchAnalyticsTop } from '@portal/contracts/search-analytics';
import { csvCell } from '../../platform/csv.ts';

type Cell = string | number | null;
const line = (cells: Cell[]) => cells.map((cell) => csvCell(cell)).join(',');
const table = (header: string[], rows: Cell[][]) => [line(header), ...rows.map(line)].join('\r\n') + '\r\n';

export const topCsv = (top: SearchAnalyticsTop) =>
  table(
    ['query', 'searches', 'users', 'noResults', 'clickThroughRate', 'averageClickPosition'],
    top.top.map((row) => [row.query, row.searches, row.users, row.noResults, row.clickThroughRate, row.averageClickPosition]),
  );

export const risingCsv = (top: SearchAnalyticsTop) =>
  table(['query', 'searches', 'previousSearches', 'growth'], top.rising.map((row) => [row.query, row.searches, row.previousSearches, row.growth]));

export const noResultsCsv = (noResults: SearchAnalyticsNoResults) =>
  table(
    ['query', 'searches', 'users', 'nothingExists', 'hiddenByAccess', 'otherLanguage', 'lastTypes', 'lastProducts', 'lastLanguages', 'lastSearchedAt'],
    noResults.items.map((row) => [
      row.query,
      row.searches,
      row.users,
      row.reasons.nothingExists,
      row.reasons.hiddenByAccess,
      row.reasons.otherLanguage,
      row.lastFacets.type.join(' '),
      row.lastFacets.product.join(' '),
      row.lastFacets.language.join(' '),
      row.lastSearchedAt,
    ]),
  );

export const variantsCsv = (detail: SearchAnalyticsQueryDetail) => table(['query', 'text', 'searches'], detail.variants.map((row) => [detail.query, row.text, row.searches]));

export const documentsCsv = (detail: SearchAnalyticsQueryDetail) =>
  table(
    ['query', 'documentId', 'title', 'opens', 'downloads', 'averagePosition'],
    detail.documents.map((row) => [detail.query, row.documentId, row.title, row.opens, row.downloads, row.averagePosition]),
  );
