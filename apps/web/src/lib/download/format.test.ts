import { describe, expect, it } from 'vitest';
import { formatDay, formatFileSize } from './format';

const nbsp = '\u00a0';

describe('formatFileSize', () => {
  it('uses binary units with one decimal', () => {
    expect(formatFileSize(64 * 1024, 'en-US')).toBe(`64.0${nbsp}KiB`);
    expect(formatFileSize(2400 * 1024, 'en-US')).toBe(`2.3${nbsp}MiB`);
    expect(formatFileSize(300 * 1024 * 1024, 'en-US')).toBe(`300.0${nbsp}MiB`);
    expect(formatFileSize(5.25 * 1024 ** 3, 'en-US')).toBe(`5.3${nbsp}GiB`);
  });

  it('shows whole bytes below one KiB, with the locale grouping', () => {
    expect(formatFileSize(1015, 'en-US')).toBe(`1,015${nbsp}B`);
    expect(formatFileSize(0, 'en-US')).toBe(`0${nbsp}B`);
    expect(formatFileSize(1024, 'en-US')).toBe(`1.0${nbsp}KiB`);
  });

  it('follows the interface language: decimal comma, French octets', () => {
    expect(formatFileSize(2400 * 1024, 'de-DE')).toBe(`2,3${nbsp}MiB`);
    expect(formatFileSize(2400 * 1024, 'fr-FR')).toBe(`2,3${nbsp}Mio`);
    expect(formatFileSize(512, 'fr-FR')).toBe(`512${nbsp}o`);
    expect(formatFileSize(1500 * 1024 ** 2, 'de-DE')).toBe(`1,5${nbsp}GiB`);
  });

  it('steps up instead of showing 1024.0 of a unit', () => {
    expect(formatFileSize(1024 * 1024 - 1, 'en-US')).toBe(`1.0${nbsp}MiB`);
    expect(formatFileSize(1023.9 * 1024, 'en-US')).toBe(`1,023.9${nbsp}KiB`);
  });

  it('reads nonsense as nothing rather than failing', () => {
    expect(formatFileSize(Number.NaN, 'en-US')).toBe(`0${nbsp}B`);
    expect(formatFileSize(-5, 'en-US')).toBe(`0${nbsp}B`);
  });
});

describe('formatDay', () => {
  it('shows a bare date on the same day whatever the time zone', () => {
    expect(formatDay('2025-06-02', 'en-US')).toBe('Jun 2, 2025');
    expect(formatDay('not a date', 'en-US')).toBe('not a date');
  });
});
