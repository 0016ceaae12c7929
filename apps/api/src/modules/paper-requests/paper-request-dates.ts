/*
 * The one-month promise (EU Machinery Regulation 2023/1230, Art. 10(7)): a request is due one calendar
 * month after it was made; when the next month is shorter, on its last day (31 January → 28/29 February).
 */

/** The request time plus one calendar month, same time of day, as ISO text. */
export function dueDateOf(requestedAt: string): string {
  const at = new Date(requestedAt);
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const due = new Date(at);
  due.setUTCDate(1);
  due.setUTCMonth(month);
  due.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return due.toISOString();
}

/** Open (not shipped) and past its due time. */
export const isOverdue = (request: { state: string; dueAt: string }, now: Date) => request.state !== 'shipped' && request.dueAt < now.toISOString();
