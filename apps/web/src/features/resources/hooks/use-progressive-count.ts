import { useEffect, useState } from 'react';

/**
 * How many of `total` items to draw now: `step` at first, then `step` more in each following task,
 * so that drawing a long list never holds the main thread for long and the page answers input
 * meanwhile. Starts again from `step` when `resetKey` changes (new results).
 */
export function useProgressiveCount(total: number, step: number, resetKey: unknown): number {
  const [state, setState] = useState({ key: resetKey, count: step });
  const count = Object.is(state.key, resetKey) ? state.count : step;
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setState({ key: resetKey, count: count + step }), 0);
    return () => clearTimeout(timer);
  }, [count, total, step, resetKey]);
  return Math.min(count, total);
}
