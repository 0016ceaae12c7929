import { useProgressiveCount } from './use-progressive-count';

/** A component's first view never starts again: one key for every render. */
const firstView = 'first view';

/**
 * Draws a component's first view in parts: 0 on the first render, then one more in each following
 * task up to `last`, where it stays. A part gated on `stage >= n` is drawn n tasks after the rest,
 * so no single task of the first view holds the main thread for long.
 */
export function useRenderStage(last: number): number {
  return useProgressiveCount(last, 1, firstView, 0);
}
