import { apiClient } from '../../../lib/api-client/client';
import { cancelOnPageUnload } from '../../../lib/cancellation';
import { getConfig } from '../../../lib/config';
import { navigateTo } from '../../../lib/navigation';
import { cancelQueriesOnCancelAll } from '../../../lib/query-client';
import type { BootStep } from '../run-boot';

/** Points the API client at the gateway and wires cancellation (spec §4, §7). */
export const httpClientStep: BootStep = {
  name: 'HTTP client set-up',
  run() {
    apiClient.configure({
      baseUrl: getConfig().apiBaseUrl.replace(/\/+$/, ''),
      navigate: navigateTo,
    });
    cancelOnPageUnload();
    cancelQueriesOnCancelAll();
  },
};
