import type { i18n as I18n } from 'i18next';

type Translate = (key: string, args: Record<string, unknown>) => string;

/** pdf.js message ids the viewer components use, mapped to our translation keys and the attribute they fill. */
const messages: Record<string, { key: string; attribute: string }> = {
  'pdfjs-page-landmark': { key: 'viewer.pdf.pageLandmark', attribute: 'aria-label' },
};

function translateElement(element: Element, t: Translate): void {
  const id = element.getAttribute('data-l10n-id');
  const message = id ? messages[id] : undefined;
  if (!message) return;
  let args: Record<string, unknown> = {};
  try {
    args = JSON.parse(element.getAttribute('data-l10n-args') ?? '{}') as Record<string, unknown>;
  } catch {
    // pdf.js always writes JSON; ignore anything else.
  }
  element.setAttribute(message.attribute, t(message.key, args));
}

/**
 * pdf.js's localisation interface (web/l10n.js), answered from our i18next translations so that
 * the viewer's own strings follow the current locale without fetching pdf.js's Fluent files.
 * Reads the language at each call: after a language change, translate the container again.
 */
export function createPdfL10n(i18n: Pick<I18n, 't' | 'language'>) {
  const t: Translate = (key, args) => i18n.t(key, args);
  const translate = async (root: Element) => {
    translateElement(root, t);
    root.querySelectorAll('[data-l10n-id]').forEach((element) => translateElement(element, t));
  };
  return {
    getLanguage: () => i18n.language,
    getDirection: () => 'ltr',
    get: async (ids: string | string[], args: Record<string, unknown> | null, fallback: string) => {
      const message = messages[Array.isArray(ids) ? ids[0] : ids];
      return message ? t(message.key, args ?? {}) : fallback;
    },
    translate,
    translateOnce: translate,
    destroy: async () => undefined,
    pause: () => undefined,
    resume: () => undefined,
  };
}

export type PdfL10n = ReturnType<typeof createPdfL10n>;
