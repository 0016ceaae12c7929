import { afterEach, describe, expect, it, vi } from 'vitest';
import { runBoot, type BootStep } from './run-boot';

function recordingStep(name: string, log: string[], result?: () => unknown): BootStep {
  return {
    name,
    run: async () => {
      log.push(name);
      return result?.() as void;
    },
  };
}

describe('runBoot', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs every step in order, each after the previous one finished, then mounts', async () => {
    const log: string[] = [];
    const slow: BootStep = {
      name: 'slow',
      run: () => new Promise<void>((resolve) => setTimeout(() => (log.push('slow'), resolve()), 5)),
    };
    const mount = vi.fn(() => void log.push('mount'));
    const outcome = await runBoot([recordingStep('a', log), slow, recordingStep('b', log)], { mount });
    expect(outcome).toBe('mounted');
    expect(log).toEqual(['a', 'slow', 'b', 'mount']);
  });

  it('sends the browser to a redirect a step asks for and runs nothing after it', async () => {
    const log: string[] = [];
    const redirect = vi.fn();
    const mount = vi.fn();
    const outcome = await runBoot(
      [recordingStep('a', log), recordingStep('b', log, () => ({ redirect: 'https://idp.test/login' })), recordingStep('c', log)],
      { mount, redirect },
    );
    expect(outcome).toBe('redirected');
    expect(redirect).toHaveBeenCalledWith('https://idp.test/login');
    expect(log).toEqual(['a', 'b']);
    expect(mount).not.toHaveBeenCalled();
  });

  it('uses window.location.assign for redirects by default', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await runBoot([{ name: 'r', run: () => ({ redirect: '/elsewhere' }) }], { mount: vi.fn() });
    expect(assign).toHaveBeenCalledWith('/elsewhere');
  });

  it('logs a failing step to the console and does not mount', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log: string[] = [];
    const mount = vi.fn();
    const failure = new Error('config unreachable');
    const outcome = await runBoot(
      [recordingStep('a', log), { name: 'translations', run: () => Promise.reject(failure) }, recordingStep('c', log)],
      { mount },
    );
    expect(outcome).toBe('failed');
    expect(mount).not.toHaveBeenCalled();
    expect(log).toEqual(['a']);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('translations'), failure);
  });

  it('treats a step that throws synchronously the same way', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const mount = vi.fn();
    const outcome = await runBoot([{ name: 'x', run: () => { throw new Error('boom'); } }], { mount });
    expect(outcome).toBe('failed');
    expect(mount).not.toHaveBeenCalled();
  });
});
