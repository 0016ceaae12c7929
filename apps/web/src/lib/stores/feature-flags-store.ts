import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface FeatureFlagsState {
  /** Features switched on for this browser, e.g. a preview that is not released to everyone. */
  enabled: string[];
  setFlags: (flags: Record<string, boolean>) => void;
}

export const useFeatureFlagsStore = create<FeatureFlagsState>()(
  persist(
    (set, get) => ({
      enabled: [],
      setFlags: (flags) => {
        const enabled = new Set(get().enabled);
        for (const [name, on] of Object.entries(flags)) {
          if (on) enabled.add(name);
          else enabled.delete(name);
        }
        set({ enabled: [...enabled].sort() });
      },
    }),
    { name: 'portal.feature-flags', partialize: ({ enabled }) => ({ enabled }) },
  ),
);

export function useFeatureFlag(name: string): boolean {
  return useFeatureFlagsStore((state) => state.enabled.includes(name));
}

/**
 * Reads `?features=a,-b` (a on, b off): lets support staff switch a feature on for one browser
 * through a link; the choice is kept in local storage.
 */
export function parseFeatureFlags(search: string): Record<string, boolean> {
  const value = new URLSearchParams(search).get('features');
  const flags: Record<string, boolean> = {};
  for (const raw of value?.split(',') ?? []) {
    const name = raw.trim();
    if (!name || name === '-') continue;
    if (name.startsWith('-')) flags[name.slice(1)] = false;
    else flags[name] = true;
  }
  return flags;
}
