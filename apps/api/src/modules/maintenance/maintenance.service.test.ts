import { describe, expect, it } from 'vitest';
import type { MaintenanceRepository } from './maintenance.repository.ts';
import { createMaintenanceService } from './maintenance.service.ts';

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
});
