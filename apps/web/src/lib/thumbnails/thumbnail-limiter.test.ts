import { afterEach, describe, expect, it, vi } from 'vitest';
import { createThumbnailLimiter, scheduleThumbnailJob, thumbnailJobDefaults, thumbnailLimiterSettings } from './thumbnail-limiter';

afterEach(() => {
  vi.useRealTimers();
});

describe('thumbnail limiter', () => {
  it('has the settings of spec §9: 1000/3 ms spacing, priority 5 and weight 1 by default', () => {
    expect(thumbnailLimiterSettings.minTime).toBeCloseTo(333.33, 2);
    expect(thumbnailJobDefaults).toEqual({ priority: 5, weight: 1 });
  });

  it('starts jobs at least 1000/3 ms apart', async () => {
    vi.useFakeTimers();
    const limiter = createThumbnailLimiter();
    const starts: number[] = [];
    const jobs = Array.from({ length: 4 }, () => scheduleThumbnailJob(async () => void starts.push(Date.now()), {}, limiter));
    await vi.advanceTimersByTimeAsync(2000);
    await Promise.all(jobs);
    const gaps = starts.slice(1).map((start, index) => start - starts[index]!);
    expect(gaps).toHaveLength(3);
    // Timers fire on whole milliseconds, so a gap may be rounded down by one.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(332);
    expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(997);
    expect(starts.at(-1)! - starts[0]!).toBeLessThan(1100);
  });

  it('runs queued jobs by priority, 0 first and 9 last, 5 when none is given', async () => {
    vi.useFakeTimers();
    const limiter = createThumbnailLimiter();
    const priorities = new Map<string, number>();
    limiter.on('queued', (info) => priorities.set(String(info.options.id), info.options.priority ?? -1));
    const order: string[] = [];
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = (name: string, priority?: number) =>
      scheduleThumbnailJob(async () => {
        order.push(name);
        if (name.startsWith('busy')) await gate;
      }, { priority, id: name }, limiter);
    // Three jobs fill maxConcurrent; the ones queued behind them are then taken by priority.
    const busy = [job('busy-1'), job('busy-2'), job('busy-3')];
    await vi.advanceTimersByTimeAsync(1000);
    const queued = [job('low', 9), job('default'), job('urgent', 0), job('normal', 5), job('high', 2)];
    await vi.advanceTimersByTimeAsync(100);
    release();
    await vi.advanceTimersByTimeAsync(3000);
    await Promise.all([...busy, ...queued]);
    expect(order).toEqual(['busy-1', 'busy-2', 'busy-3', 'urgent', 'high', 'default', 'normal', 'low']);
    expect(Object.fromEntries(priorities)).toMatchObject({ low: 9, default: 5, urgent: 0, normal: 5, high: 2 });
  });

  it('rejects a reused job id and a weight above maxConcurrent with Bottleneck’s messages (spec §5, §8)', async () => {
    vi.useFakeTimers();
    const limiter = createThumbnailLimiter();
    const settled = (promise: Promise<unknown>) => promise.then((value) => ({ value }), (error: Error) => ({ error: error.message }));
    const first = settled(scheduleThumbnailJob(async () => 'a', { id: 'doc-1' }, limiter));
    const reused = settled(scheduleThumbnailJob(async () => 'b', { id: 'doc-1' }, limiter));
    const heavy = settled(limiter.schedule({ weight: 4 }, async () => 'c'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await first).toEqual({ value: 'a' });
    expect(await reused).toEqual({ error: 'A job with the same id already exists (id=doc-1)' });
    expect(await heavy).toEqual({ error: 'Impossible to add a job having a weight of 4 to a limiter having a maxConcurrent setting of 3' });
  });
});
