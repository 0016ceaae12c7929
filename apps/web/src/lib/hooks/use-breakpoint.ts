import { useEffect, useState } from 'react';

/** Spec §9 breakpoints in px (the theme uses the same values in em). */
export const breakpointsPx = { sm: 600, md: 1024, lg: 1440, xl: 1920 } as const;
export type Breakpoint = 'xs' | keyof typeof breakpointsPx;
/** Spec §9: resize events are debounced by 16 ms. */
export const resizeDebounceMs = 16;

export function breakpointFor(width: number): Breakpoint {
  if (width >= breakpointsPx.xl) return 'xl';
  if (width >= breakpointsPx.lg) return 'lg';
  if (width >= breakpointsPx.md) return 'md';
  if (width >= breakpointsPx.sm) return 'sm';
  return 'xs';
}

/** Current breakpoint name, updated at most once per 16 ms while the window is resized. */
export function useBreakpoint(): Breakpoint {
  const [breakpoint, setBreakpoint] = useState(() => breakpointFor(window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setBreakpoint(breakpointFor(window.innerWidth)), resizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return breakpoint;
}
