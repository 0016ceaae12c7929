import { useEffect } from 'react';
import { languageName } from '../../../lib/i18n/language-name';
import { formatDate } from '../utils/format-date';

/**
 * The first Intl formatter a page builds loads the browser's locale data, tens of milliseconds of
 * processor time. Building the cards' formatters in tasks of their own while the search is on its
 * way keeps that work out of the task that draws the first cards.
 */
export function useLocaleFormatsWarmUp(locale: string): void {
  useEffect(() => {
    const steps = [() => formatDate(new Date().toISOString(), locale), () => languageName('en', locale)];
    const timers = steps.map((step) => setTimeout(step, 0));
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, [locale]);
}
