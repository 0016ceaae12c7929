/* Dates the server writes for people (offline packages, notifications, mails), in their language: the server has no reader's time zone, so UTC, named. */

const formatters = new Map<string, Intl.DateTimeFormat>();
// Parts, not dateStyle: Intl refuses timeZoneName beside a dateStyle or timeStyle.
const dayParts = { year: 'numeric', month: 'short', day: 'numeric' } as const;

function formatter(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}|${withTime}`;
  let found = formatters.get(key);
  if (!found) {
    const locale = Intl.DateTimeFormat.supportedLocalesOf([language])[0] ?? 'en';
    found = new Intl.DateTimeFormat(locale, withTime ? { ...dayParts, hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' } : { ...dayParts, timeZone: 'UTC' });
    formatters.set(key, found);
  }
  return found;
}

/** A calendar day (`2025-07-01` or an ISO time) in `language`, e.g. "1 juil. 2025". */
export function localDay(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter(language, false).format(date);
}

/** A moment in `language` with its time zone, e.g. "28. Nov. 2026, 08:38 UTC". */
export function localTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter(language, true).format(date);
}
