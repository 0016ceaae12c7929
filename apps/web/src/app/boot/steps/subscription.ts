import { subscriptionKeyHeader } from '@portal/contracts/subscription-key';
import { apiClient } from '../../../lib/api-client/client';
import { getConfig } from '../../../lib/config';
import type { BootStep } from '../run-boot';

/** Spec §7: every API request carries the gateway subscription key, when the deployment has one. */
export const subscriptionStep: BootStep = {
  name: 'subscription directive',
  run() {
    apiClient.configure({
      subscriptionKey: getConfig().subscriptionKey,
      subscriptionKeyHeaderName: subscriptionKeyHeader,
    });
  },
};
