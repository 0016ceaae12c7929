const formatters = new Map<string, Intl.DateTimeFormat>();

/** An ISO time as a date in the interface language (e.g. "Nov 21, 2026", "21 nov. 2026"). */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // Building a formatter costs far more than using one: one per locale for every card.
  let formatter = formatters.get(locale);
  if (!formatter) formatters.set(locale, (formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })));
  return formatter.format(date);
}
