import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatPeriod } from './dates';

describe('dates', () => {
  it('writes a calendar day in the interface language, a bare date on its own day in every time zone', () => {
    expect(formatDay('2025-06-02', 'en-US')).toBe('Jun 2, 2025');
    expect(formatDay('2025-06-02', 'de-DE')).toBe('02.06.2025');
    expect(formatDay('2025-06-02', 'fr-FR')).toBe('2 juin 2025');
    expect(formatDay('not a date', 'en-US')).toBe('not a date');
  });

  it('names the time zone beside every time', () => {
    const iso = '2026-11-28T08:38:22.002Z';
    const zone = new Intl.DateTimeFormat('de-DE', { timeZoneName: 'short' }).formatToParts(new Date(iso)).find((part) => part.type === 'timeZoneName')!.value;
    expect(formatDateTime(iso, 'de-DE')).toMatch(new RegExp(`^28\\.11\\.2026, \\d{2}:\\d{2} ${zone.replace('+', '\\+')}$`));
    expect(formatDateTime(iso, 'en-US')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

describe('formatPeriod', () => {
  it('writes a day or a month of the statistics in the language, never as ISO', () => {
    expect(formatPeriod('2026-03-02', 'de-DE')).toBe('02.03.2026');
    expect(formatPeriod('2026-03', 'fr-FR')).toBe('mars 2026');
    expect(formatPeriod('2026-03', 'en-US')).toBe('March 2026');
  });
});
