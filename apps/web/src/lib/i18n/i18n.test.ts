import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { externalAccessStep } from '../../app/boot/steps/external-access';
import { usePreferencesStore } from '../stores/preferences-store';
import { initI18n, pickLanguage } from './i18n';

describe('i18n', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows the browser language until the user picks one, then keeps the pick', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-AT');
    await initI18n(null);
    expect(i18n.language).toBe('de-DE');
    expect(i18n.t('nav.favorites')).toBe('Favoriten');
    expect(document.documentElement.lang).toBe('de-DE');
    expect(localStorage.getItem('i18nextLng')).toBeNull();

    await pickLanguage('fr-FR');
    expect(i18n.language).toBe('fr-FR');
    expect(usePreferencesStore.getState().language).toBe('fr-FR');
    expect(document.documentElement.lang).toBe('fr-FR');
  });

  it('applies a lang parameter from an external link as the pick and removes it from the address', async () => {
    window.history.replaceState(null, '', '/software?lang=en&x=1');
    await externalAccessStep.run();
    expect(i18n.language).toBe('en-US');
    expect(usePreferencesStore.getState().language).toBe('en-US');
    expect(window.location.pathname + window.location.search).toBe('/software?x=1');
  });
});
