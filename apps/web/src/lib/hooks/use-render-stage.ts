import { useEffect, useState } from 'react';

/**
 * Draws a component's first view in parts: 0 on the first render, then one more in each following
 * task up to `last`, where it stays. A part gated on `stage >= n` is drawn n tasks after the rest,
 * so no single task of the first view holds the main thread for long.
 */
export function useRenderStage(last: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= last) return;
    const timer = setTimeout(() => setStage(stage + 1), 0);
    return () => clearTimeout(timer);
  }, [stage, last]);
  return Math.min(stage, last);
}
