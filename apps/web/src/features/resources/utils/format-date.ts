/** An ISO time as a date in the interface language (e.g. "Nov 21, 2026", "21 nov. 2026"). */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
