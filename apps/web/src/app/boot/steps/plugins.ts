import { loadConfig } from '../../../lib/config';
import type { BootStep } from '../run-boot';

/** Loads the deployment's runtime configuration (everything after depends on it) and the service worker. */
export const pluginsStep: BootStep = {
  name: 'plugin registration',
  async run() {
    await loadConfig();
    registerServiceWorker();
  },
};

// Spec §1: the service worker at /sw.js with public path /. Its failure must not stop the app.
function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
  });
}
