import { describe, expect, it } from 'vitest';
import type { MaintenanceRepository } from './maintenance.repository.ts';
import { createLocalCacheBus } from '../../platform/cache-bus/cache-bus.ts';
import { createMaintenanceService, maintenanceTopic } from './maintenance.service.ts';

function fakeRepository(initial?: string) {
  const state = { value: initial, reads: 0 };
  const repository: MaintenanceRepository = {
    readUntil: async () => {
      state.reads += 1;
      return state.value;
    },
    writeUntil: async (until) => {
      state.value = until ?? undefined;
    },
  };
  return { state, repository };
}

describe('maintenance service', () => {
  const t0 = Date.parse('2026-11-21T10:00:00.000Z');

  it('caches the stored flag for the cache time and shares one read between concurrent calls', async () => {
    let now = t0;
    const { state, repository } = fakeRepository('2026-11-21T12:00:00.000Z');
    const service = createMaintenanceService(repository, { cacheMs: 5_000, now: () => now });
    await Promise.all([service.activeUntil(), service.activeUntil(), service.activeUntil()]);
    expect(state.reads).toBe(1);
    state.value = undefined;
    now = t0 + 4_000;
    expect(await service.activeUntil()).toBe('2026-11-21T12:00:00.000Z');
    now = t0 + 6_000;
    expect(await service.activeUntil()).toBeUndefined();
    expect(state.reads).toBe(2);
  });

  it('takes the later of the configured and stored times, ignoring past and unreadable values', async () => {
    const now = () => t0;
    const both = createMaintenanceService(fakeRepository('2026-11-21T11:00:00Z').repository, { configuredUntil: '2026-11-21T13:00:00Z', now });
    expect(await both.activeUntil()).toBe('2026-11-21T13:00:00.000Z');
    const stale = createMaintenanceService(fakeRepository('not a date').repository, { configuredUntil: '2026-11-20T00:00:00Z', now });
    expect(await stale.activeUntil()).toBeUndefined();
  });

  it('stores a change and drops the cached flag at once, here and wherever the bus reaches', async () => {
    const { state, repository } = fakeRepository();
    const bus = createLocalCacheBus();
    const service = createMaintenanceService(repository, { bus, now: () => t0 });
    const elsewhere = createMaintenanceService(repository, { bus, now: () => t0 });
    expect(await service.activeUntil()).toBeUndefined();
    expect(await elsewhere.activeUntil()).toBeUndefined();
    await service.set('2026-11-21T12:00:00.000Z');
    expect(state.value).toBe('2026-11-21T12:00:00.000Z');
    expect(await service.activeUntil()).toBe('2026-11-21T12:00:00.000Z');
    expect(await elsewhere.activeUntil()).toBe('2026-11-21T12:00:00.000Z');
    state.value = undefined;
    await bus.publish(maintenanceTopic);
    expect(await elsewhere.activeUntil()).toBeUndefined();
  });

  it('does not keep what a read begun before an invalidation returned', async () => {
    const state = { value: undefined as string | undefined, release: () => {} };
    const repository: MaintenanceRepository = {
      readUntil: () => {
        const value = state.value;
        return new Promise((resolve) => {
          state.release = () => resolve(value);
        });
      },
      writeUntil: async () => undefined,
    };
    const service = createMaintenanceService(repository, { now: () => t0 });
    const early = service.activeUntil();
    state.value = '2026-11-21T12:00:00.000Z';
    service.invalidate();
    const releaseEarly = state.release;
    const late = service.activeUntil();
    releaseEarly();
    state.release();
    expect(await early).toBeUndefined();
    expect(await late).toBe('2026-11-21T12:00:00.000Z');
    expect(await service.activeUntil()).toBe('2026-11-21T12:00:00.000Z');
  });
});
