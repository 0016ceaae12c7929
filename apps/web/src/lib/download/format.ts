const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A byte count in the interface language, in binary steps: "640 KB", "2.3 MB", "2,3 Mo". */
export function formatFileSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}

/** A calendar date (`2025-06-02` or a full ISO time) in the interface language, e.g. "Jun 2, 2025". */
export function formatDay(iso: string, locale: string): string {
  // A bare date is read as UTC midnight: format it in UTC so no time zone moves it a day back.
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: bare ? 'UTC' : undefined }).format(date);
}

/** A moment with its time of day in the interface language, e.g. "Jun 2, 2025, 3:04 PM". */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
