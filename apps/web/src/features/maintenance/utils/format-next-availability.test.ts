import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatNextAvailability, nextAvailabilityTimeZone } from './format-next-availability';

describe('formatNextAvailability', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats an ISO date as YYYY-MM-DD HH:mm:ss in local time', () => {
    const local = new Date(2030, 0, 2, 3, 4, 5);
    expect(formatNextAvailability(local.toISOString())).toBe('2030-01-02 03:04:05');
    expect(formatNextAvailability('2030-11-22T13:14:15')).toBe('2030-11-22 13:14:15');
    expect(formatNextAvailability('2030-11-22')).toBe('2030-11-22 00:00:00');
  });

  it('gives nothing, silently, when there is no date', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(formatNextAvailability(null)).toBeNull();
    expect(formatNextAvailability('')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it.each(['tomorrow', '2030-13-45T00:00:00Z', '12', '2030/01/02 10:00'])('logs a wrong date format for %s', (value) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(formatNextAvailability(value)).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Wrong date format'));
  });

  it('names the time zone of the formatted time with its offset at that moment', () => {
    const value = '2031-06-07T08:09:10.000Z';
    const offset = `UTC${dayjs(value).format('Z')}`;
    expect(nextAvailabilityTimeZone(value, 'Europe/Berlin')).toBe(`Europe/Berlin, ${offset}`);
    expect(nextAvailabilityTimeZone(value, 'UTC')).toBe(offset);
    expect(nextAvailabilityTimeZone(value)).toContain(offset);
    expect(offset).toMatch(/^UTC[+-]\d{2}:\d{2}$/);
  });
});
