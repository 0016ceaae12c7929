import { describe, expect, it } from 'vitest';
import { usePreferencesStore } from './preferences-store';

describe('preferences store', () => {
  it('starts light and following the browser language', () => {
    usePreferencesStore.setState({ language: null, colorScheme: 'light' });
    expect(usePreferencesStore.getState()).toMatchObject({ language: null, colorScheme: 'light' });
  });

  it('persists its state in local storage under its own id', () => {
    usePreferencesStore.getState().setColorScheme('dark');
    usePreferencesStore.getState().setLanguage('de-DE');
    const stored = JSON.parse(localStorage.getItem('portal.preferences') ?? '{}');
    expect(stored.state).toEqual({ language: 'de-DE', colorScheme: 'dark' });
  });

  it('restores the stored state at start', async () => {
    localStorage.setItem('portal.preferences', JSON.stringify({ state: { language: 'fr-FR', colorScheme: 'dark' }, version: 0 }));
    await usePreferencesStore.persist.rehydrate();
    expect(usePreferencesStore.getState()).toMatchObject({ language: 'fr-FR', colorScheme: 'dark' });
  });
});
