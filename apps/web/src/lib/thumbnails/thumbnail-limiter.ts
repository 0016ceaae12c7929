import Bottleneck from 'bottleneck/light';

/**
 * Spec §3, §4 and §9: thumbnail calls go through Bottleneck, at least 1000/3 ms apart (three a
 * second). Priorities are Bottleneck's own: ten levels, 0 (first) to 9, 5 by default; weight 1.
 */
export const thumbnailLimiterSettings = {
  minTime: 1000 / 3,
  // The spacing is what limits the rate; three in flight lets a slow answer not hold up the next ones.
  maxConcurrent: 3,
} as const satisfies Bottleneck.ConstructorOptions;

export const thumbnailJobDefaults = { priority: 5, weight: 1 } as const;

export interface ThumbnailJobOptions {
  /** 0 (most urgent) to 9; 5 when absent. Visible results use a lower number than prefetches. */
  priority?: number;
  /** Bottleneck rejects a second job with the same id while the first is known. */
  id?: string;
}

export function createThumbnailLimiter(): Bottleneck {
  return new Bottleneck(thumbnailLimiterSettings);
}

/** The one limiter every thumbnail call of the app shares. */
export const thumbnailLimiter = createThumbnailLimiter();

/** Runs `task` when the limiter allows it. */
export function scheduleThumbnailJob<T>(
  task: () => Promise<T>,
  { priority, id }: ThumbnailJobOptions = {},
  limiter: Bottleneck = thumbnailLimiter,
): Promise<T> {
  return limiter.schedule({ priority: priority ?? thumbnailJobDefaults.priority, weight: thumbnailJobDefaults.weight, id }, task);
}
