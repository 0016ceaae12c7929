import { z } from 'zod';

/** Stable error codes of the API (design.md §6). The three document-link codes are named by the specification. */
export const errorCodes = [
  'invalidParameters',
  'documentNotFound',
  'versionNotFound',
  'notAuthenticated',
  'accountErased',
  'accountDisabled',
  'forbidden',
  'notFound',
  'conflict',
  'payloadTooLarge',
  'unsupportedMediaType',
  'rateLimited',
  'noPreview',
  'internalError',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** Body of every error response. */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Body of every API answer while maintenance is on (status 418). */
export const maintenanceBodySchema = z.object({ data: z.string() });
export type MaintenanceBody = z.infer<typeof maintenanceBodySchema>;
