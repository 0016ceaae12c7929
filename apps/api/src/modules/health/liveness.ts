import { answersWithin, probeTimeoutMs } from './readiness.ts';

/** How often the database is asked in the background once /healthz has been probed. */
export const livenessRefreshMs = 1000;

export interface Liveness {
  /** Whether the database answered its latest check; the first call waits for the first check. */
  answers(): Promise<boolean>;
  /** Ends the background checks (the app is closing). */
  stop(): void;
}

/**
 * The database's state as `/healthz` reports it, checked in the background every `refreshMs` (each
 * check bounded by `timeoutMs`) instead of once per probe: under a crowd a probe's own query waited
 * behind the crowd's (for the one SQLite connection, for a PostgreSQL pool client), and its answer
 * with it. The checks start with the first probe, which waits for the first answer; from then on a
 * probe answers at once from the latest check, so a database that stops answering shows within
 * `refreshMs + timeoutMs`.
 */
export function watchLiveness(probe: () => Promise<boolean>, { refreshMs = livenessRefreshMs, timeoutMs = probeTimeoutMs } = {}): Liveness {
  let latest: boolean | undefined;
  let first: Promise<boolean> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const check = async (): Promise<boolean> => {
    latest = await answersWithin(probe, timeoutMs);
    if (!stopped) timer = setTimeout(() => void check(), refreshMs).unref();
    return latest;
  };
  return {
    answers: () => (latest === undefined ? (first ??= check()) : Promise.resolve(latest)),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
