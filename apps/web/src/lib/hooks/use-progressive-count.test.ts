import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

/** Runs the following tasks one by one (each act draws, then its effect plans the next task). */
function runTasks(count: number) {
  for (let task = 0; task < count; task += 1) act(() => vi.advanceTimersByTime(0));
}

describe('useProgressiveCount', () => {
  afterEach(() => vi.useRealTimers());

  it('draws a step at first, then a step more in each following task, up to the total', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useProgressiveCount(14, 6, 'results-1'));
    expect(result.current).toBe(6);
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(12);
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(14);
    runTasks(5);
    expect(result.current).toBe(14);
  });

  it('starts again with new results', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ key }) => useProgressiveCount(24, 6, key), { initialProps: { key: 'page-1' } });
    runTasks(3);
    expect(result.current).toBe(24);
    rerender({ key: 'page-2' });
    expect(result.current).toBe(6);
    runTasks(3);
    expect(result.current).toBe(24);
  });

  it('can start with nothing drawn, the first step coming a task later', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useProgressiveCount(3, 1, 'facets', 0));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(1);
    runTasks(3);
    expect(result.current).toBe(3);
  });
});
