import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { usePreferencesStore } from '../stores/preferences-store';
import { browserLocale, supportedLocales, toSupportedLocale, type Locale } from './locales';

/** Each language's translations are a chunk of their own, loaded when that language is used. */
const translations = resourcesToBackend((language: string) => import(`../../locales/${language}.json`));

/**
 * Initialises i18next with the language's translations loaded. The user's pick (preferences
 * store) wins; without one the browser's language is read each time and never stored, so the
 * locale follows the browser.
 */
export async function initI18n(pickedLanguage: string | null = usePreferencesStore.getState().language) {
  await i18n
    .use(translations)
    .use(initReactI18next)
    .init({
      lng: pickedLanguage ? toSupportedLocale(pickedLanguage) : browserLocale(),
      // Every locale holds every key (src/locales/locales.test.ts): no fallback language to load.
      fallbackLng: false,
      load: 'currentOnly',
      supportedLngs: [...supportedLocales],
      interpolation: { escapeValue: false },
    });
  syncDocumentLanguage(i18n.language);
  i18n.on('languageChanged', syncDocumentLanguage);
  return i18n;
}

/** Switches the interface language (once its translations are loaded) and remembers it as the user's pick. */
export async function pickLanguage(locale: Locale): Promise<void> {
  usePreferencesStore.getState().setLanguage(locale);
  await i18n.changeLanguage(locale);
}

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}
