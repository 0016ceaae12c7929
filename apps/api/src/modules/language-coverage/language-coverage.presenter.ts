import type { CoverageCell, LanguageCoverage } from '@portal/contracts/language-coverage';
import { csvCell } from '../../platform/csv.ts';

/** A cell as the CSV writes it: `current`, `behind 2` or `missing`. */
const cellText = (cell: CoverageCell) => (cell.status === 'behind' ? `behind ${cell.revisionsBehind ?? 1}` : cell.status);

/** The report as CSV: one line per product × document type, one column per language (spreadsheet-safe cells). */
export function languageCoverageCsv(coverage: LanguageCoverage): string {
  const header = ['product', 'product name', 'document type', 'document type name', ...coverage.languages];
  const lines = coverage.rows.map((row) =>
    [row.product.code, row.product.name, row.documentType.code, row.documentType.name, ...row.cells.map(cellText)].map((value) => csvCell(value)).join(','),
  );
  return `${[header.map((value) => csvCell(value)).join(','), ...lines].join('\r\n')}\r\n`;
}
