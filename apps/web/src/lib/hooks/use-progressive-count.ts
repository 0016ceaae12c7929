import { useEffect, useState } from 'react';

/**
 * How many of `total` items to draw now: `first` at first (`step` unless told), then `step` more in
 * each following task, so that drawing a long list never holds the main thread for long and the
 * page answers input meanwhile. Starts again from `first` when `resetKey` changes (new results).
 */
export function useProgressiveCount(total: number, step: number, resetKey: unknown, first = step): number {
  const [state, setState] = useState({ key: resetKey, count: first });
  const count = Object.is(state.key, resetKey) ? state.count : first;
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setState({ key: resetKey, count: count + step }), 0);
    return () => clearTimeout(timer);
  }, [count, total, step, resetKey]);
  return Math.min(count, total);
}
