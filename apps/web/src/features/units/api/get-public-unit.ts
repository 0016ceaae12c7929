import { queryOptions } from '@tanstack/react-query';
import type { PublicUnit } from '@portal/contracts/unit-identification';
import { getConfig } from '../../../lib/config';

/**
 * GET /public/units/:serial?language=: what anyone who scanned the machine's code may see, without a token
 * (so not through the API client, whose 401 would start sign-in). An unknown serial answers without a model;
 * the model's declarations of conformity come in `language` where one exists.
 */
export async function getPublicUnit(serial: string, language: string, signal?: AbortSignal): Promise<PublicUnit> {
  const url = `${getConfig().apiBaseUrl}/public/units/${encodeURIComponent(serial)}?language=${encodeURIComponent(language)}`;
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The machine could not be looked up (${response.status})`);
  return (await response.json()) as PublicUnit;
}

export const publicUnitQueryOptions = (serial: string, language: string) =>
  queryOptions({ queryKey: ['units', 'public', serial, language], queryFn: ({ signal }) => getPublicUnit(serial, language, signal), staleTime: 60 * 1000, retry: false });

/** The public address of a path the answer gives (the model's `pictureUrl`, a declaration's `href`). */
export const publicApiUrl = (path: string) => `${getConfig().apiBaseUrl}${path}`;

/** The public address of a declaration (an `href` of the answer): to open, or with `download` to save. */
export const publicDeclarationUrl = (href: string, download = false) => `${publicApiUrl(href)}${download ? '&download=1' : ''}`;
