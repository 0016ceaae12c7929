/*
 * The web's one date and time format per interface language: every date or time a person reads goes through here
 * (the maintenance page's fixed `YYYY-MM-DD HH:mm:ss` of the specification aside). A time always names its time zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter per locale and kind, built once: building one costs far more than using it (lists format many). */
function formatter(locale: string, kind: 'day' | 'utcDay' | 'time' | 'zone'): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      day: { dateStyle: 'medium' },
      utcDay: { dateStyle: 'medium', timeZone: 'UTC' },
      time: { dateStyle: 'medium', timeStyle: 'short' },
      // Intl refuses timeZoneName beside dateStyle/timeStyle: the zone's name comes from a formatter of its own.
      zone: { timeZoneName: 'short' },
    };
    found = new Intl.DateTimeFormat(locale, options[kind]);
    formatters.set(key, found);
  }
  return found;
}

const bareDay = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (`2025-06-02` or a full ISO time) in the interface language, e.g. "Jun 2, 2025", "02.06.2025". */
export function formatDay(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // A bare date is read as UTC midnight: format it in UTC so no time zone moves it a day back.
  return formatter(locale, bareDay.test(iso) ? 'utcDay' : 'day').format(date);
}

/** A statistics period (a day `2026-03-02` or a month `2026-03`) in the interface language, e.g. "March 2026". */
export function formatPeriod(period: string, locale: string): string {
  if (period.length !== 7) return formatDay(period, locale);
  const start = new Date(`${period}-01T00:00:00Z`);
  return Number.isNaN(start.getTime()) ? period : new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(start);
}

/** A moment with its time of day and time zone in the interface language, e.g. "Jun 2, 2025, 3:04 PM GMT+2". */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = formatter(locale, 'zone').formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  const time = formatter(locale, 'time').format(date);
  return zone ? `${time} ${zone}` : time;
}
