import type { MaintenanceRepository } from './maintenance.repository.ts';

export interface MaintenanceServiceOptions {
  /** MAINTENANCE_UNTIL from the configuration. */
  configuredUntil?: string;
  /** How long the database flag is cached; every API call asks, so it must not cost a query each time. */
  cacheMs?: number;
  now?: () => number;
}

export interface MaintenanceService {
  /** The ISO time maintenance ends, or undefined when the API is available. */
  activeUntil(): Promise<string | undefined>;
  /** Forget the cached flag (after the admin side changes it). */
  invalidate(): void;
}

function futureTime(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) || time <= now ? undefined : time;
}

export function createMaintenanceService(
  repository: MaintenanceRepository,
  options: MaintenanceServiceOptions = {},
): MaintenanceService {
  const cacheMs = options.cacheMs ?? 5_000;
  const now = options.now ?? Date.now;
  let cached: { value: string | undefined; readAt: number } | undefined;
  let pending: Promise<string | undefined> | undefined;

  const stored = async () => {
    if (cached && now() - cached.readAt < cacheMs) return cached.value;
    // Concurrent calls share one query instead of stampeding the database when the cache expires.
    pending ??= repository
      .readUntil()
      .then((value) => {
        cached = { value, readAt: now() };
        return value;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  return {
    async activeUntil() {
      const at = now();
      const times = [futureTime(options.configuredUntil, at), futureTime(await stored(), at)].filter((time) => time !== undefined);
      return times.length ? new Date(Math.max(...times)).toISOString() : undefined;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
