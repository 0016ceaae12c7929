import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalCacheBus } from '../cache-bus/cache-bus.ts';
import { contentChanged, contentGeneration, contentTopic, shareContentChanges } from './content-generation.ts';

describe('content generation shared on a cache bus', () => {
  afterEach(() => vi.useRealTimers());

  it('announces this process\'s changes once and counts another process\'s at once and again after its commit', async () => {
    vi.useFakeTimers();
    const bus = createLocalCacheBus();
    const heard = vi.fn();
    bus.subscribe(contentTopic, heard);
    const stop = shareContentChanges(bus, 1_000);

    const before = contentGeneration();
    contentChanged();
    expect(contentGeneration()).toBe(before + 1);
    expect(heard).toHaveBeenCalledTimes(1);

    // A message that is not this process's own announcement, as the Redis bus delivers another process's.
    await bus.publish(contentTopic);
    expect(contentGeneration()).toBe(before + 2);
    await bus.publish(contentTopic);
    expect(contentGeneration()).toBe(before + 3);
    vi.advanceTimersByTime(999);
    expect(contentGeneration()).toBe(before + 3);
    vi.advanceTimersByTime(1);
    // One more move after the last message only, however many came.
    expect(contentGeneration()).toBe(before + 4);
    vi.advanceTimersByTime(5_000);
    expect(contentGeneration()).toBe(before + 4);

    stop();
    await bus.publish(contentTopic);
    contentChanged();
    expect(contentGeneration()).toBe(before + 5);
    expect(heard).toHaveBeenCalledTimes(4);
  });
});
