import { ApiError } from './api-error';

/** The server's refusal with every field it names ("options.1: …"), or the fallback for any other failure. */
export function refusalText(error: unknown, fallback: string): string[] {
  if (!(error instanceof ApiError)) return [fallback];
  const details = (error.body as { details?: Array<{ path?: unknown; message?: unknown }> } | null)?.details ?? [];
  const lines = details.filter((detail) => typeof detail.message === 'string').map((detail) => (detail.path ? `${String(detail.path)}: ${String(detail.message)}` : String(detail.message)));
  return [error.serverMessage ?? fallback, ...lines];
}
