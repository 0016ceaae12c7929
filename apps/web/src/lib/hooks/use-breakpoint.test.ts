import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { breakpointFor, resizeDebounceMs, useBreakpoint } from './use-breakpoint';

describe('breakpoints', () => {
  afterEach(() => vi.useRealTimers());

  it('uses the spec §9 limits 600, 1024, 1440 and 1920 px', () => {
    expect([599, 600, 1023, 1024, 1439, 1440, 1919, 1920].map(breakpointFor)).toEqual(['xs', 'sm', 'sm', 'md', 'md', 'lg', 'lg', 'xl']);
  });

  it('updates 16 ms after the last resize event', () => {
    vi.useFakeTimers();
    window.innerWidth = 500;
    const { result } = renderHook(() => useBreakpoint());
    expect(result.current).toBe('xs');
    act(() => {
      window.innerWidth = 1500;
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(resizeDebounceMs - 1);
    });
    expect(result.current).toBe('xs');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('lg');
    expect(resizeDebounceMs).toBe(16);
  });
});
