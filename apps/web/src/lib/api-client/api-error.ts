/** A non-2xx answer from the API, carrying the `{ error, message }` body of design.md §6 when present. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The server's own `message`, when its answer had one. */
  readonly serverMessage: string | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const { code, message } = describeBody(body);
    super(message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = message;
    this.body = body;
  }
}

function describeBody(body: unknown): { code?: string; message?: string } {
  if (typeof body === 'string' && body.length > 0) return { code: body };
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    return {
      code: typeof error === 'string' ? error : undefined,
      message: typeof message === 'string' ? message : undefined,
    };
  }
  return {};
}
