import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { usePreferencesStore } from '../stores/preferences-store';
import { browserLocale, supportedLocales, toSupportedLocale, type Locale } from './locales';

/**
 * Each language's translations are a chunk of their own, loaded when that language is used. The 3D
 * viewer's texts are a namespace of their own (`model`), loaded with the viewer's chunk (see
 * components/model-viewer/model-texts.ts) and looked up as a fallback of the main one, so the first
 * route does not carry them.
 */
const translations = resourcesToBackend((language: string, namespace: string) =>
  namespace === modelNamespace ? import(`../../locales/model/${language}.json`) : import(`../../locales/${language}.json`),
);

/** The 3D viewer's namespace: keys missing from the main texts are looked up there once it is loaded. */
export const modelNamespace = 'model';

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
      fallbackNS: modelNamespace,
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
