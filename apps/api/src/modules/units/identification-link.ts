import { identificationPath, serialNumberMaxLength } from '@portal/contracts/unit-identification';
import { badRequest } from '../../platform/errors.ts';

/*
 * The identification link printed on each machine (IEC 61406-1) is `<PUBLIC_URL>/id/<serial>`:
 * globally unique, never altered, and it must keep working for the machine's whole life, whatever the
 * portal's page paths become. This file is the one place that knows which page it leads to.
 * IEC 61406-1 asks for at most 255 characters, a lower-case scheme and host (config.ts checks
 * PUBLIC_URL at start, leaving room for the longest serial) and only RFC 3986 unreserved characters
 * in the serial part (checked here).
 */

/** RFC 3986 unreserved characters: ALPHA / DIGIT / "-" / "." / "_" / "~". */
const unreserved = /^[A-Za-z0-9._~-]+$/;

/** The URL printed on the unit. */
export function identificationLink(publicUrl: string, serial: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${identificationPath}${encodeURIComponent(serial)}`;
}

/** What keeps a serial from being part of an identification link, or null when it can be. */
export function identifiableSerialProblem(serial: string): string | null {
  if (serial === '' || serial === '.' || serial === '..') return `serialNumber "${serial}" cannot be the last part of a URL`;
  if (!unreserved.test(serial)) return `serialNumber "${serial}" may hold only letters, digits, ".", "_", "-" and "~" (RFC 3986 unreserved characters) to be printed in the identification link`;
  // PUBLIC_URL leaves room for this many (config.ts), so the link stays within IEC 61406-1's 255 characters.
  if (serial.length > serialNumberMaxLength) return `serialNumber "${serial.slice(0, 20)}…" is longer than ${serialNumberMaxLength} characters`;
  return null;
}

/** Refuses (400) a serial that cannot be printed in an identification link; call it wherever a unit is created. */
export function assertIdentifiableSerial(serial: string): void {
  const problem = identifiableSerialProblem(serial);
  if (problem) throw badRequest('invalidParameters', `${problem}.`);
}

/** The portal page an identification link leads to (the web app's unit page; signed out, its public view first). */
export function unitPagePath(serial: string): string {
  return `/units/${encodeURIComponent(serial)}`;
}
