import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorBodySchema, type ErrorBody, type ErrorCode } from '@portal/contracts/errors';

export type ErrorDetail = NonNullable<ErrorBody['details']>[number];

/** An error with a stable code (design.md §6) that the error handler turns into `{ error, message, details? }`. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode | (string & {});
  readonly details?: ErrorDetail[];

  constructor(statusCode: number, code: ErrorCode | (string & {}), message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export const badRequest = (code: ErrorCode | (string & {}), message: string, details?: ErrorDetail[]) =>
  new AppError(400, code, message, details);
export const unauthorized = (message = 'A valid bearer token is required.') => new AppError(401, 'notAuthenticated', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'forbidden', message);
export const notFound = (code: ErrorCode | (string & {}), message: string) => new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode | (string & {}) = 'conflict') => new AppError(409, code, message);
export const payloadTooLarge = (message = 'The request body is too large.') => new AppError(413, 'payloadTooLarge', message);
export const unsupportedMediaType = (message = 'This media type is not supported.') =>
  new AppError(415, 'unsupportedMediaType', message);

const statusCodes: Record<number, ErrorCode> = {
  400: 'invalidParameters',
  401: 'notAuthenticated',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'rateLimited',
};

/** PostgreSQL's codes for text it refuses (a NUL character, invalid UTF-8): only a client's input brings them into a request. */
const unstorableTextCodes = new Set(['22021', '22P05']);

function toBody(error: FastifyError | AppError | Error): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { error: error.code, message: error.message, details: error.details } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: [error.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.'),
      message: issue.message ?? 'is invalid',
    }));
    return { status: 400, body: { error: 'invalidParameters', message: 'The request has invalid parameters.', details } };
  }
  if ('code' in error && unstorableTextCodes.has(String(error.code))) {
    return { status: 400, body: { error: 'invalidParameters', message: 'The request holds characters that cannot be stored or searched (such as NUL).' } };
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    return { status, body: { error: statusCodes[status] ?? 'invalidParameters', message: error.message } };
  }
  return { status: status >= 500 ? status : 500, body: { error: 'internalError', message: 'Something went wrong on our side.' } };
}

/** One handler for every error: stable body, 5xx details hidden and logged, 4xx logged at info. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const { status, body } = toBody(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ err: { message: error.message, code: body.error } }, 'request refused');
    return reply.status(status).send(body);
  });
}

/** The error for a path no route answers (the web module's not-found handler throws it after its history fallback). */
export const routeNotFound = (method: string, url: string) =>
  notFound('notFound', `No route for ${method} ${url.split('?')[0]}.`);

/** The error answers every content route may give, declared so the route schemas list them. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
} as const;
