import type { CacheBus } from '../../platform/cache-bus/cache-bus.ts';
import type { MaintenanceRepository } from './maintenance.repository.ts';

/** Cache-bus topic published when the stored maintenance flag changes. */
export const maintenanceTopic = 'maintenance';

export interface MaintenanceServiceOptions {
  /** MAINTENANCE_UNTIL from the configuration. */
  configuredUntil?: string;
  /** How long the database flag is cached; every API call asks, so it must not cost a query each time. */
  cacheMs?: number;
  now?: () => number;
  /** Tells the other processes to drop their cached flag when this one changes it. */
  bus?: CacheBus;
}

export interface MaintenanceService {
  /** The ISO time maintenance ends, or undefined when the API is available. */
  activeUntil(): Promise<string | undefined>;
  /** Stores the end of maintenance (ISO time) or removes it with `null`; every process sees it at its next call. */
  set(until: string | null): Promise<void>;
  /** Forget the cached flag (after the database flag changed behind this service's back). */
  invalidate(): void;
  /** Tells this process and every other one that the stored flag changed (after a write through the repository). */
  changed(): Promise<void>;
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
    if (!pending) {
      const read: Promise<string | undefined> = repository
        .readUntil()
        .then((value) => {
          // A read that started before an invalidation may hold the old flag: it answers its callers but is not kept.
          if (pending === read) cached = { value, readAt: now() };
          return value;
        })
        .finally(() => {
          if (pending === read) pending = undefined;
        });
      pending = read;
    }
    return pending;
  };

  const invalidate = () => {
    cached = undefined;
    pending = undefined;
  };
  options.bus?.subscribe(maintenanceTopic, invalidate);
  const changed = async () => {
    invalidate();
    await options.bus?.publish(maintenanceTopic);
  };

  return {
    async activeUntil() {
      const at = now();
      const times = [futureTime(options.configuredUntil, at), futureTime(await stored(), at)].filter((time) => time !== undefined);
      return times.length ? new Date(Math.max(...times)).toISOString() : undefined;
    },
    async set(until) {
      await repository.writeUntil(until, new Date(now()).toISOString());
      await changed();
    },
    invalidate,
    changed,
  };
}
