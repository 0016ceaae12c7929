import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePrintBlocker } from './use-print-blocker';

function pressCtrlP(init: KeyboardEventInit = { ctrlKey: true }): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'p', bubbles: true, cancelable: true, ...init });
  document.body.dispatchEvent(event);
  return event;
}

describe('usePrintBlocker', () => {
  const original = window.print;
  afterEach(() => {
    window.print = original;
  });

  it('swallows Ctrl+P and Cmd+P and turns window.print into a no-op while blocked', () => {
    const print = vi.fn();
    window.print = print;
    const { unmount } = renderHook(() => usePrintBlocker(true));

    expect(pressCtrlP().defaultPrevented).toBe(true);
    expect(pressCtrlP({ metaKey: true }).defaultPrevented).toBe(true);
    expect(pressCtrlP({ ctrlKey: true, shiftKey: true, key: 'P' }).defaultPrevented).toBe(true);
    window.print();
    expect(print).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.printBlocked).toBe('true');

    unmount();
    window.print();
    expect(print).toHaveBeenCalledTimes(1);
    expect(pressCtrlP().defaultPrevented).toBe(false);
    expect(document.documentElement.dataset.printBlocked).toBeUndefined();
  });

  it('leaves printing alone when not blocked', () => {
    const print = vi.fn();
    window.print = print;
    renderHook(() => usePrintBlocker(false));
    expect(pressCtrlP().defaultPrevented).toBe(false);
    window.print();
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('does not swallow other shortcuts', () => {
    renderHook(() => usePrintBlocker(true));
    expect(pressCtrlP({ ctrlKey: true, key: 'f' }).defaultPrevented).toBe(false);
    expect(pressCtrlP({ ctrlKey: false }).defaultPrevented).toBe(false);
  });
});
