import { useTranslation } from 'react-i18next';

/** Numbers, shares, means and times in the reader's language; a missing figure is a dash. */
export function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const counts = new Intl.NumberFormat(locale);
  const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const decimals = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const times = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    count: (value: number) => counts.format(value),
    percent: (value: number | null) => (value === null ? '–' : percents.format(value)),
    decimal: (value: number | null) => (value === null ? '–' : decimals.format(value)),
    dateTime: (value: string) => times.format(new Date(value)),
  };
}
