import type { ErrorBody } from '@portal/contracts/errors';
import { ApiError } from '../../../lib/api-client/api-error';

export type CatalogueProblem = NonNullable<ErrorBody['details']>[number];

/** The formats the catalogue import reads, by file extension. */
export const catalogueExtensions = ['.json', '.csv'] as const;

/** Whether the file's name says JSON or CSV (the server reads the content by the same rule). */
export function isCatalogueFile(file: File): boolean {
  const name = file.name.toLowerCase();
  return catalogueExtensions.some((extension) => name.endsWith(extension));
}

/** A refused catalogue: the server's message and every problem it lists (row or path, and reason). */
export function catalogueRefusal(error: unknown, fallback: string): { message: string; problems: CatalogueProblem[] } {
  if (!(error instanceof ApiError)) return { message: fallback, problems: [] };
  const details = (error.body as { details?: unknown } | null)?.details;
  const problems = Array.isArray(details)
    ? details
        .filter((detail): detail is CatalogueProblem => typeof detail?.message === 'string')
        .map((detail) => ({ path: typeof detail.path === 'string' ? detail.path : '', message: detail.message }))
    : [];
  return { message: error.serverMessage ?? fallback, problems };
}
