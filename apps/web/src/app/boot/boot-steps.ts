import { authenticationStep } from './steps/authentication';
import { errorHandlerStep } from './steps/error-handler';
import { externalAccessStep } from './steps/external-access';
import { featureFlagsStep } from './steps/feature-flags';
import { httpClientStep } from './steps/http-client';
import { pluginsStep } from './steps/plugins';
import { subscriptionStep } from './steps/subscription';
import { telemetryStep } from './steps/telemetry';
import { translationsStep } from './steps/translations';
import type { BootStep } from './run-boot';

/** Spec §4: the boot steps in the specification's order. */
export const bootSteps: readonly BootStep[] = [
  pluginsStep,
  translationsStep,
  httpClientStep,
  authenticationStep,
  telemetryStep,
  errorHandlerStep,
  subscriptionStep,
  featureFlagsStep,
  externalAccessStep,
];
