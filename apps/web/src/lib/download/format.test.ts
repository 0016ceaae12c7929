import { describe, expect, it } from 'vitest';
import { formatDay, formatFileSize } from './format';

describe('formatFileSize', () => {
  it('uses binary steps and the locale of the interface', () => {
    expect(formatFileSize(512, 'en-US')).toBe('512 bytes');
    expect(formatFileSize(64 * 1024, 'en-US')).toBe('64 kB');
    expect(formatFileSize(2400 * 1024, 'en-US')).toBe('2.3 MB');
    expect(formatFileSize(2400 * 1024, 'de-DE')).toBe('2,3 MB');
    expect(formatFileSize(300 * 1024 * 1024, 'en-US')).toBe('300 MB');
  });
});

describe('formatDay', () => {
  it('shows a bare date on the same day whatever the time zone', () => {
    expect(formatDay('2025-06-02', 'en-US')).toBe('Jun 2, 2025');
    expect(formatDay('not a date', 'en-US')).toBe('not a date');
  });
});
