import { getConfig } from '../config';

/**
 * The API answers signed URLs as paths (`/files/…`, `/player/…`) of its own host: resolve them
 * against the API base URL so they work when the web app is served from another origin.
 */
export function resolveServerUrl(url: string): string {
  const base = getConfig().apiBaseUrl || window.location.origin;
  return new URL(url, base.endsWith('/') ? base : `${base}/`).href;
}

/** `applicationId` of the content calls (spec §7): the web client's id at the identity provider. */
export function applicationId(): string {
  return getConfig().oidc.clientId;
}
