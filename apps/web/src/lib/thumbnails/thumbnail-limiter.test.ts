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
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(333);
      expect(gap).toBeLessThan(400);
    }
  });

  it('runs queued jobs by priority, 0 first and 9 last, 5 when none is given', async () => {
    vi.useFakeTimers();
    const limiter = createThumbnailLimiter();
    const priorities = new Map<string, number>();
    limiter.on('queued', (info) => priorities.set(String(info.options.id), info.options.priority ?? -1));
    const order: string[] = [];
    const job = (name: string, priority?: number) => scheduleThumbnailJob(async () => void order.push(name), { priority, id: name }, limiter);
    // The first job runs at once; the others wait for their turn and are taken by priority.
    const jobs = [job('first'), job('low', 9), job('default'), job('urgent', 0), job('normal', 5), job('high', 2)];
    await vi.advanceTimersByTimeAsync(3000);
    await Promise.all(jobs);
    expect(order).toEqual(['first', 'urgent', 'high', 'default', 'normal', 'low']);
    expect(Object.fromEntries(priorities)).toMatchObject({ low: 9, default: 5, urgent: 0, normal: 5, high: 2 });
  });

  it('rejects a reused job id and a weight above maxConcurrent with Bottleneck’s messages (spec §5, §8)', async () => {
    vi.useFakeTimers();
    const limiter = createThumbnailLimiter();
    const first = scheduleThumbnailJob(async () => 'a', { id: 'doc-1' }, limiter);
    await expect(scheduleThumbnailJob(async () => 'b', { id: 'doc-1' }, limiter)).rejects.toThrow(
      'A job with the same id already exists (id=doc-1)',
    );
    await expect(limiter.schedule({ weight: 4 }, async () => 'c')).rejects.toThrow(
      'Impossible to add a job having a weight of 4 to a limiter having a maxConcurrent setting of 3',
    );
    await vi.advanceTimersByTimeAsync(1000);
    await expect(first).resolves.toBe('a');
  });
});
