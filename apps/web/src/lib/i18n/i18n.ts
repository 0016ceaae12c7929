import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import deDE from '../../locales/de-DE.json';
import enUS from '../../locales/en-US.json';
import frFR from '../../locales/fr-FR.json';
import { usePreferencesStore } from '../stores/preferences-store';
import { defaultLocale, supportedLocales, toSupportedLocale, type Locale } from './locales';

export const resources = {
  'en-US': { translation: enUS },
  'fr-FR': { translation: frFR },
  'de-DE': { translation: deDE },
} as const;

/**
 * Initialises i18next. The user's pick (preferences store) wins; without one the browser's
 * language is detected each time and never cached, so the locale follows the browser.
 */
export async function initI18n(pickedLanguage: string | null = usePreferencesStore.getState().language) {
  await i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      lng: pickedLanguage ? toSupportedLocale(pickedLanguage) : undefined,
      fallbackLng: defaultLocale,
      supportedLngs: [...supportedLocales],
      interpolation: { escapeValue: false },
      detection: {
        order: ['navigator'],
        caches: [],
        convertDetectedLanguage: (tag: string) => toSupportedLocale(tag),
      },
    });
  syncDocumentLanguage(i18n.language);
  i18n.on('languageChanged', syncDocumentLanguage);
  return i18n;
}

/** Switches the interface language and remembers it as the user's pick. */
export async function pickLanguage(locale: Locale): Promise<void> {
  usePreferencesStore.getState().setLanguage(locale);
  await i18n.changeLanguage(locale);
}

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}
