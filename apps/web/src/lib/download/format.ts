/** IEC binary unit symbols; French writes octets ("o", "Kio"), as its users expect. */
const unitSymbols: Record<string, readonly string[]> = {
  en: ['B', 'KiB', 'MiB', 'GiB', 'TiB'],
  de: ['B', 'KiB', 'MiB', 'GiB', 'TiB'],
  fr: ['o', 'Kio', 'Mio', 'Gio', 'Tio'],
};

/**
 * A byte count in the interface language, in binary units with one decimal: "640.0 KiB",
 * "2.3 MiB", "2,3 Mio"; whole bytes below 1 KiB ("1,015 B"). The one size format of the portal.
 */
export function formatFileSize(bytes: number, locale: string): string {
  const symbols = unitSymbols[locale.slice(0, 2).toLowerCase()] ?? unitSymbols.en!;
  const count = Number.isFinite(bytes) && bytes > 0 ? Math.round(bytes) : 0;
  if (count < 1024) return `${new Intl.NumberFormat(locale).format(count)}\u00a0${symbols[0]}`;
  let value = count / 1024;
  let unit = 1;
  // Step up while the value would show as 1024.0 or more, so 1,048,575 bytes read "1.0 MiB", not "1,024.0 KiB".
  while (unit < symbols.length - 1 && Math.round(value * 10) >= 10240) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  return `${number}\u00a0${symbols[unit]}`;
}

// Dates and times: the one formatter of the web (lib/dates.ts), re-exported where the download formats always were.
export { formatDateTime, formatDay } from '../dates';
