import type { StatisticsGroupBy, StatisticsPoint, StatisticsResponse } from '@portal/contracts/statistics';
import { csvCell } from '../../platform/csv.ts';
import type { DayCount } from './statistics.repository.ts';

export const dayMs = 86_400_000;
/** The UTC day (YYYY-MM-DD) of a time in milliseconds. */
export const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The period a UTC day falls in: the day, the Monday of its ISO week, or its month (YYYY-MM). */
export function periodOf(day: string, groupBy: StatisticsGroupBy): string {
  if (groupBy === 'month') return day.slice(0, 7);
  if (groupBy === 'day') return day;
  const time = Date.parse(day);
  const sinceMonday = (new Date(time).getUTCDay() + 6) % 7;
  return dayOf(time - sinceMonday * dayMs);
}

/** Every period of the range, oldest first, with the views and downloads of its days (zero when none). */
export function toSeries(range: { from: string; to: string }, groupBy: StatisticsGroupBy, views: DayCount[], downloads: DayCount[]): StatisticsPoint[] {
  const points = new Map<string, StatisticsPoint>();
  for (let time = Date.parse(range.from); time <= Date.parse(range.to); time += dayMs) {
    const period = periodOf(dayOf(time), groupBy);
    if (!points.has(period)) points.set(period, { period, views: 0, downloads: 0 });
  }
  for (const { day, count } of views) {
    const point = points.get(periodOf(day, groupBy));
    if (point) point.views += count;
  }
  for (const { day, count } of downloads) {
    const point = points.get(periodOf(day, groupBy));
    if (point) point.downloads += count;
  }
  return [...points.values()];
}

const line = (cells: Array<string | number | null>) => `${cells.map((cell) => csvCell(cell)).join(',')}\r\n`;

/** The statistics as CSV: a line per period (`section` period), then one per top document (`section` document). */
export function statisticsCsv(statistics: StatisticsResponse): string {
  const header = line(['section', 'period', 'documentId', 'title', 'views', 'downloads']);
  const periods = statistics.series.map((point) => line(['period', point.period, null, null, point.views, point.downloads]));
  const documents = statistics.topDocuments.map((document) => line(['document', null, document.id, document.title, document.views, document.downloads]));
  return [header, ...periods, ...documents].join('');
}
