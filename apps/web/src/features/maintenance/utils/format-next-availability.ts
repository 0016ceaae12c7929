import dayjs from 'dayjs';

/** Spec §2: the maintenance page shows the next availability as YYYY-MM-DD HH:mm:ss. */
export const nextAvailabilityFormat = 'YYYY-MM-DD HH:mm:ss';

// ISO 8601 date with optional time, seconds, fraction and zone: what the API's 418 answer holds.
const isoDate = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Formats `nextAvailability` in the user's time zone. Returns null when there is none; an
 * unparseable value is reported on the console (spec §5) and also gives null.
 */
export function formatNextAvailability(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = isoDate.test(value.trim()) ? dayjs(value.trim()) : null;
  if (!date || !date.isValid()) {
    console.error(`Wrong date format for nextAvailability: "${value}" (expected an ISO 8601 date)`);
    return null;
  }
  return date.format(nextAvailabilityFormat);
}

/**
 * The time zone `formatNextAvailability` shows its time in, named beside it: the reader's IANA zone and its offset
 * at that moment, e.g. `Europe/Berlin, UTC+02:00` (`UTC` alone where the zone is UTC).
 */
export function nextAvailabilityTimeZone(value: string, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  const offset = `UTC${dayjs(value).format('Z')}`;
  return !timeZone || timeZone === 'UTC' || timeZone === 'Etc/UTC' ? offset : `${timeZone}, ${offset}`;
}
