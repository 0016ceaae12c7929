import { errorBodySchema } from '@portal/contracts/errors';

/** The error answers every download-centre route may give, declared so the route schemas list them. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
} as const;
