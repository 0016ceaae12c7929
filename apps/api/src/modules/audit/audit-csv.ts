import { csvCell } from '../../platform/csv.ts';
import type { AuditEntriesTable } from './audit.tables.ts';

const columns = ['seq', 'at', 'actor', 'actorSub', 'roles', 'account', 'action', 'objectKind', 'objectId', 'before', 'after', 'address', 'userAgent', 'hash'] as const;

function csvLine(row: AuditEntriesTable): string {
  const roles = (JSON.parse(row.actorRoles) as string[]).join(' ');
  const cells = [row.seq, row.at, row.actor, row.actorSub, roles, row.actorAccount, row.action, row.objectKind, row.objectId, row.before, row.after, row.address, row.userAgent, row.hash];
  return `${cells.map((cell) => csvCell(cell)).join(',')}\r\n`;
}

/** The CSV text of the entries, one chunk per batch: a header, then one line per entry. */
export async function* auditCsvChunks(batches: AsyncIterable<AuditEntriesTable[]>): AsyncGenerator<string> {
  yield `${columns.join(',')}\r\n`;
  for await (const rows of batches) yield rows.map(csvLine).join('');
}
