import type { WebConfig } from '@portal/contracts/web-config';

let current: WebConfig | null = null;

/** Fetches the runtime configuration the server publishes for this deployment (built from its contract). */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<WebConfig> {
  const response = await fetchImpl('/app-config.json', { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`Could not load /app-config.json: HTTP ${response.status}`);
  }
  const config = (await response.json()) as WebConfig;
  setConfig(config);
  return config;
}

export function setConfig(config: WebConfig): void {
  current = config;
}

/** The loaded configuration; the first boot step loads it, so later code can rely on it. */
export function getConfig(): WebConfig {
  if (!current) throw new Error('Configuration is not loaded yet');
  return current;
}
