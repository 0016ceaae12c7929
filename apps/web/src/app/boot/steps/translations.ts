import { initI18n } from '../../../lib/i18n/i18n';
import type { BootStep } from '../run-boot';

export const translationsStep: BootStep = {
  name: 'translations',
  async run() {
    await initI18n();
  },
};
