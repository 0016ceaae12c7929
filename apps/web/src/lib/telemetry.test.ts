import * as Sentry from '@sentry/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandler } from '../app/boot/steps/error-handler';
import { initTelemetry, reportError } from './telemetry';

vi.mock('@sentry/react', () => ({ init: vi.fn(), captureException: vi.fn() }));

describe('telemetry', () => {
  afterEach(() => vi.clearAllMocks());

  it('sends nothing when no DSN is configured', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(initTelemetry(null)).resolves.toBe(false);
    reportError(new Error('x'), 'global handler');
    expect(Sentry.init).not.toHaveBeenCalled();
    expect(Sentry.captureException).not.toHaveBeenCalled();
  });

  it('reports uncaught errors and rejections as "global handler" when a DSN is configured', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(initTelemetry('https://key@errors.example/1')).resolves.toBe(true);
    expect(Sentry.init).toHaveBeenCalledWith(expect.objectContaining({ dsn: 'https://key@errors.example/1' }));
    const remove = installGlobalErrorHandler(window);
    const error = new Error('boom');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'boom' }));
    expect(Sentry.captureException).toHaveBeenCalledWith(error, { tags: { handler: 'global handler' } });

    const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'nope' });
    window.dispatchEvent(rejection);
    expect(Sentry.captureException).toHaveBeenLastCalledWith('nope', { tags: { handler: 'global handler' } });

    const aborted = Object.assign(new Event('unhandledrejection'), { reason: new DOMException('x', 'AbortError') });
    window.dispatchEvent(aborted);
    expect(Sentry.captureException).toHaveBeenCalledTimes(2);
    remove();
  });
});
