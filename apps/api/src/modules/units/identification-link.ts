/*
 * The identification link printed on each machine (IEC 61406 style) is `<PUBLIC_URL>/id/<serial>`:
 * it must keep working for the machine's whole life, whatever the portal's page paths become. This
 * file is the one place that knows which page it leads to.
 */

/** The URL printed on the unit. */
export function identificationLink(publicUrl: string, serial: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/id/${encodeURIComponent(serial)}`;
}

/** The portal page an identification link leads to (the web app's unit page, which asks for sign-in first). */
export function unitPagePath(serial: string): string {
  return `/units/${encodeURIComponent(serial)}`;
}
