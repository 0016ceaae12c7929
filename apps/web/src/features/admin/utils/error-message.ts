import { ApiError } from '../../../lib/api-client/api-error';

/** The server's explanation of a refusal, with the fields it names ("title: required"), for a message under a form or file. */
export function refusalMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const details = (error.body as { details?: Array<{ path?: unknown; message?: unknown }> } | null)?.details ?? [];
  const listed = details
    .filter((detail) => typeof detail.message === 'string')
    .map((detail) => (typeof detail.path === 'string' && detail.path ? `${detail.path}: ${String(detail.message)}` : String(detail.message)));
  const message = error.serverMessage ?? fallback;
  return listed.length > 0 ? `${message} ${listed.join('; ')}` : message;
}
