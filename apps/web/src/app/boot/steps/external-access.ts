import { pickLanguage } from '../../../lib/i18n/i18n';
import { toSupportedLocale } from '../../../lib/i18n/locales';
import type { BootStep } from '../run-boot';
import { removeQueryParams } from '../url-params';

/**
 * Parameters other sites (customer portal, equipment center) may put on a link into the portal:
 * `lang` opens the portal in the caller's language and counts as the user's pick.
 */
export const externalAccessStep: BootStep = {
  name: 'external-access parameters',
  async run() {
    const lang = new URLSearchParams(window.location.search).get('lang');
    if (!lang) return;
    await pickLanguage(toSupportedLocale(lang));
    removeQueryParams(['lang']);
  },
};
