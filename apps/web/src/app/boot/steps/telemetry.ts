import { getConfig } from '../../../lib/config';
import { initTelemetry } from '../../../lib/telemetry';
import type { BootStep } from '../run-boot';

export const telemetryStep: BootStep = {
  name: 'application telemetry',
  async run() {
    await initTelemetry(getConfig().sentryDsn);
  },
};
