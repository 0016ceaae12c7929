import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRenderStage } from './use-render-stage';

describe('useRenderStage', () => {
  afterEach(() => vi.useRealTimers());

  it('starts at 0 and moves one stage per task up to the last, where it stays', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(() => useRenderStage(2));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(0));
    rerender();
    expect(result.current).toBe(2);
  });
});
