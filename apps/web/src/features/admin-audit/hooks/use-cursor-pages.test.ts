import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCursorPages } from './use-cursor-pages';

describe('useCursorPages', () => {
  it('walks to older pages by their cursors, back to newer ones, and resets to the first', () => {
    const { result } = renderHook(() => useCursorPages());
    expect([result.current.cursor, result.current.pageNumber]).toEqual([undefined, 1]);
    act(() => result.current.older(950));
    act(() => result.current.older(900));
    expect([result.current.cursor, result.current.pageNumber]).toEqual([900, 3]);
    act(() => result.current.newer());
    expect([result.current.cursor, result.current.pageNumber]).toEqual([950, 2]);
    act(() => result.current.reset());
    act(() => result.current.newer());
    expect([result.current.cursor, result.current.pageNumber]).toEqual([undefined, 1]);
  });
});
