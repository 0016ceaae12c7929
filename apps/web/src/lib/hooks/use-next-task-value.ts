import { useEffect, useState } from 'react';

/**
 * `value`, one task late: the first render with a new value still returns the previous one, and a
 * timer (a task of its own) brings the new one. Lets a page draw what matters first and the rest
 * after the browser had a chance to paint and to handle input. (Preact's `useDeferredValue` returns
 * its value at once, and React's may still draw both in the same task.)
 */
export function useNextTaskValue<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    const timer = setTimeout(() => setShown(() => value), 0);
    return () => clearTimeout(timer);
  }, [shown, value]);
  return shown;
}
