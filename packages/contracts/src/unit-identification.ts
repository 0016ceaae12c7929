import { z } from 'zod';

/*
 * The identification link of IEC 61406-1 (`<PUBLIC_URL>/id/<serial>`) and what anyone who scans it
 * may learn without signing in.
 */

/** The longest identification link IEC 61406-1 allows, in characters. */
export const identificationLinkMaxLength = 255;
/** The longest serial number the serial schema (units.ts) allows. */
export const serialNumberMaxLength = 64;
/** The path of the link before the serial. */
export const identificationPath = '/id/';

/**
 * GET /public/units/{serial} (no token, at most 60 a minute per address): the serial asked for, the
 * maker, and the model when a unit has that serial (`null` otherwise, the answer otherwise the same).
 * Never the owner, the site, the options or any document.
 */
export const publicUnitSchema = z.object({
  serialNumber: z.string(),
  identificationLink: z.string(),
  maker: z.string(),
  model: z.object({ code: z.string(), name: z.string() }).nullable(),
});
export type PublicUnit = z.infer<typeof publicUnitSchema>;

/** Requests per address and minute the public route answers. */
export const publicUnitRateLimit = 60;
