import { apiClient } from '../../../lib/api-client/client';
import { initI18n } from '../../../lib/i18n/i18n';
import { acceptLanguageHeader } from '../../../lib/i18n/locales';
import { queryClient } from '../../../lib/query-client';
import type { BootStep } from '../run-boot';

/**
 * Loads the interface language's texts and sends that language to the API first on every request, so the server
 * lists variants and notices in it; a change of language asks the server's answers again.
 */
export const translationsStep: BootStep = {
  name: 'translations',
  async run() {
    const i18n = await initI18n();
    apiClient.configure({ acceptLanguage: () => acceptLanguageHeader(i18n.language) });
    i18n.on('languageChanged', () => {
      void queryClient.invalidateQueries();
    });
  },
};
