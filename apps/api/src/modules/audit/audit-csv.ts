import type { AuditEntriesTable } from '../../platform/db/schema.ts';

const columns = ['seq', 'at', 'actor', 'actorSub', 'roles', 'account', 'action', 'objectKind', 'objectId', 'before', 'after', 'address', 'userAgent', 'hash'] as const;

/** A leading = + - @ (or tab, carriage return) makes spreadsheets run the cell as a formula: such cells get a leading '. */
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** One CSV cell (RFC 4180 quoting), safe to open in a spreadsheet. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(row: AuditEntriesTable): string {
  const roles = (JSON.parse(row.actorRoles) as string[]).join(' ');
  const cells = [row.seq, row.at, row.actor, row.actorSub, roles, row.actorAccount, row.action, row.objectKind, row.objectId, row.before, row.after, row.address, row.userAgent, row.hash];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The CSV text of the entries, one chunk per batch: a header, then one line per entry. */
export async function* auditCsvChunks(batches: AsyncIterable<AuditEntriesTable[]>): AsyncGenerator<string> {
  yield `${columns.join(',')}\r\n`;
  for await (const rows of batches) yield rows.map(csvLine).join('');
}
