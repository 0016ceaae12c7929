import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DemoContentState } from '@portal/contracts/health';
import { setConfig } from '../config';
import { testConfig } from '../../test/render';
import { fetchDemoContentState, watchDemoContent } from './demo-content-watch';

describe('fetchDemoContentState', () => {
  beforeAll(() => setConfig(testConfig));
  const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('reads the state from /healthz', async () => {
    const fetchImpl = answer(200, { status: 'ok', demoContent: 'preparing' });
    expect(await fetchDemoContentState(fetchImpl)).toBe('preparing');
    expect(fetchImpl).toHaveBeenCalledWith('http://api.test/healthz', { cache: 'no-store' });
    expect(await fetchDemoContentState(answer(200, { status: 'ok', demoContent: 'failed' }))).toBe('failed');
  });

  it('treats an unhealthy server or a strange answer as ready', async () => {
    expect(await fetchDemoContentState(answer(503, { status: 'unavailable' }))).toBe('ready');
    expect(await fetchDemoContentState(answer(200, { demoContent: '<script>' }))).toBe('ready');
    expect(await fetchDemoContentState(answer(200, null))).toBe('ready');
  });
});

describe('watchDemoContent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function scripted(states: DemoContentState[]) {
    const fetchState = vi.fn(async () => states.shift() ?? 'ready');
    const onState = vi.fn();
    const onArrived = vi.fn();
    return { fetchState, onState, onArrived };
  }

  it('polls while the content is being prepared and reports once when it arrives', async () => {
    const watch = scripted(['preparing', 'preparing', 'ready']);
    const stop = watchDemoContent({ ...watch, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.onState).toHaveBeenLastCalledWith('preparing');
    await vi.advanceTimersByTimeAsync(1000);
    expect(watch.onArrived).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(watch.onState).toHaveBeenLastCalledWith('ready');
    expect(watch.onArrived).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(watch.fetchState).toHaveBeenCalledTimes(3);
    stop();
  });

  it('asks once and stays quiet on a portal that is ready', async () => {
    const watch = scripted(['ready']);
    watchDemoContent({ ...watch, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(watch.fetchState).toHaveBeenCalledTimes(1);
    expect(watch.onArrived).not.toHaveBeenCalled();
  });

  it('stops polling when stopped', async () => {
    const watch = scripted(['preparing', 'preparing', 'ready']);
    const stop = watchDemoContent({ ...watch, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(watch.fetchState).toHaveBeenCalledTimes(1);
    expect(watch.onArrived).not.toHaveBeenCalled();
  });
});
