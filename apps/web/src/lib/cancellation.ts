type CancelListener = () => void;

/**
 * Spec §4: one shared abort controller for in-flight requests. `cancelAll()` aborts every request
 * that carries the current signal and starts a fresh controller for the requests that follow.
 */
export function createCancellationService() {
  let controller = new AbortController();
  const listeners = new Set<CancelListener>();

  return {
    signal(): AbortSignal {
      return controller.signal;
    },
    cancelAll(): void {
      controller.abort(new DOMException('Request cancelled', 'AbortError'));
      controller = new AbortController();
      listeners.forEach((listener) => listener());
    },
    /** Runs `listener` after each cancelAll (used to cancel TanStack queries too). */
    onCancel(listener: CancelListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CancellationService = ReturnType<typeof createCancellationService>;

export const cancellation = createCancellationService();

/** Cancels everything still in flight when the page is refreshed or left. */
export function cancelOnPageUnload(service: CancellationService = cancellation, target: Window = window): () => void {
  const cancel = () => service.cancelAll();
  target.addEventListener('pagehide', cancel);
  target.addEventListener('beforeunload', cancel);
  return () => {
    target.removeEventListener('pagehide', cancel);
    target.removeEventListener('beforeunload', cancel);
  };
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
    || (typeof DOMException !== 'undefined' && error instanceof DOMException && error.name === 'AbortError');
}
