import { formatDay } from '../../../lib/dates';

/** An ISO time as a date in the interface language (e.g. "Nov 21, 2026", "21 nov. 2026"): the web's one date format. */
export const formatDate = (iso: string, locale: string): string => formatDay(iso, locale);
