import type { ReadinessChecks } from '@portal/contracts/health';

/** How long one backend may take to answer a readiness probe: a hung backend must not hang the probe. */
export const probeTimeoutMs = 1500;

/** One probe per backing service; `redis` is absent when the process uses none. */
export interface ReadinessProbes {
  database: () => Promise<boolean>;
  redis?: () => Promise<boolean>;
  storage: () => Promise<boolean>;
}

/** A probe's answer, false when it fails, throws or takes longer than `timeoutMs`. */
export async function answersWithin(probe: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((settle) => {
    timer = setTimeout(() => settle(false), timeoutMs);
  });
  try {
    return await Promise.race([probe().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

const state = (answered: boolean) => (answered ? 'up' : 'down') as 'up' | 'down';

/** Runs every probe at once, each bounded by the timeout. */
export async function checkReadiness(probes: ReadinessProbes, timeoutMs = probeTimeoutMs): Promise<ReadinessChecks> {
  const [database, redis, storage] = await Promise.all([
    answersWithin(probes.database, timeoutMs),
    probes.redis ? answersWithin(probes.redis, timeoutMs) : undefined,
    answersWithin(probes.storage, timeoutMs),
  ]);
  return { database: state(database), redis: redis === undefined ? 'off' : state(redis), storage: state(storage) };
}

export function allUp(checks: ReadinessChecks): boolean {
  return checks.database === 'up' && checks.redis !== 'down' && checks.storage === 'up';
}
