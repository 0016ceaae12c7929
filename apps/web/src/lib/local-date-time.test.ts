import { describe, expect, it } from 'vitest';
import { fromLocalInputValue, toLocalInputValue } from './local-date-time';

describe('datetime-local values', () => {
  it('round-trips an ISO time through the input value in local time, to the minute', () => {
    const iso = new Date(2026, 10, 24, 15, 30).toISOString();
    expect(toLocalInputValue(iso)).toBe('2026-11-24T15:30');
    expect(fromLocalInputValue('2026-11-24T15:30')).toBe(iso);
  });

  it('answers empty or null for missing, incomplete and invalid values', () => {
    expect([toLocalInputValue(null), toLocalInputValue(''), toLocalInputValue('soon')]).toEqual(['', '', '']);
    expect([fromLocalInputValue(''), fromLocalInputValue('2026-11-24'), fromLocalInputValue('2026-13-45T99:99')]).toEqual([null, null, null]);
  });
});
