import { parseFeatureFlags, useFeatureFlagsStore } from '../../../lib/stores/feature-flags-store';
import type { BootStep } from '../run-boot';
import { removeQueryParams } from '../url-params';

/** Applies `?features=` from the address (kept per browser in the feature-flags store). */
export const featureFlagsStep: BootStep = {
  name: 'feature-flag directive',
  run() {
    const flags = parseFeatureFlags(window.location.search);
    if (Object.keys(flags).length === 0) return;
    useFeatureFlagsStore.getState().setFlags(flags);
    removeQueryParams(['features']);
  },
};
