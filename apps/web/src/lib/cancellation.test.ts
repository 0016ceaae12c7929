import { describe, expect, it, vi } from 'vitest';
import { cancelOnPageUnload, createCancellationService, isAbortError } from './cancellation';

describe('cancellation service', () => {
  it('aborts the current signal and hands out a fresh one', () => {
    const service = createCancellationService();
    const first = service.signal();
    service.cancelAll();
    expect(first.aborted).toBe(true);
    expect(isAbortError(first.reason)).toBe(true);
    const second = service.signal();
    expect(second).not.toBe(first);
    expect(second.aborted).toBe(false);
  });

  it('notifies listeners after each cancelAll until they unsubscribe', () => {
    const service = createCancellationService();
    const listener = vi.fn();
    const off = service.onCancel(listener);
    service.cancelAll();
    off();
    service.cancelAll();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('cancels on page unload (refresh or leaving)', () => {
    const service = createCancellationService();
    const remove = cancelOnPageUnload(service, window);
    const signal = service.signal();
    window.dispatchEvent(new Event('pagehide'));
    expect(signal.aborted).toBe(true);
    const next = service.signal();
    window.dispatchEvent(new Event('beforeunload'));
    expect(next.aborted).toBe(true);
    remove();
    const last = service.signal();
    window.dispatchEvent(new Event('pagehide'));
    expect(last.aborted).toBe(false);
  });
});
