import { isAbortError } from '../../../lib/cancellation';
import { reportError } from '../../../lib/telemetry';
import type { BootStep } from '../run-boot';

/** Spec §8: uncaught errors and rejections go to error reporting as 'global handler'. */
export function installGlobalErrorHandler(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => reportError(event.error ?? event.message, 'global handler');
  const onRejection = (event: PromiseRejectionEvent) => {
    // A request cancelled by a navigation is expected, not an error.
    if (!isAbortError(event.reason)) reportError(event.reason, 'global handler');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

export const errorHandlerStep: BootStep = {
  name: 'error handler',
  run() {
    installGlobalErrorHandler();
  },
};
