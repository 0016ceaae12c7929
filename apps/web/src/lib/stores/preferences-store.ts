import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type ColorScheme = 'light' | 'dark';

interface PreferencesState {
  /** The language the user picked; null while the interface follows the browser. */
  language: string | null;
  colorScheme: ColorScheme;
  setLanguage: (language: string) => void;
  setColorScheme: (colorScheme: ColorScheme) => void;
}

/** Persisted in local storage under its own id and restored when the app starts (spec §1). */
export const usePreferencesStore = create<PreferencesState>()(
  persist(
    (set) => ({
      language: null,
      colorScheme: 'light',
      setLanguage: (language) => set({ language }),
      setColorScheme: (colorScheme) => set({ colorScheme }),
    }),
    {
      name: 'portal.preferences',
      partialize: ({ language, colorScheme }) => ({ language, colorScheme }),
    },
  ),
);
