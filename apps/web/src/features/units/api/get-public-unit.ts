import { queryOptions } from '@tanstack/react-query';
import type { PublicUnit } from '@portal/contracts/unit-identification';
import { getConfig } from '../../../lib/config';

/**
 * GET /public/units/:serial: what anyone who scanned the machine's code may see, without a token (so
 * not through the API client, whose 401 would start sign-in). An unknown serial answers without a model.
 */
export async function getPublicUnit(serial: string, signal?: AbortSignal): Promise<PublicUnit> {
  const response = await fetch(`${getConfig().apiBaseUrl}/public/units/${encodeURIComponent(serial)}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The machine could not be looked up (${response.status})`);
  return (await response.json()) as PublicUnit;
}

export const publicUnitQueryOptions = (serial: string) =>
  queryOptions({ queryKey: ['units', 'public', serial], queryFn: ({ signal }) => getPublicUnit(serial, signal), staleTime: 60 * 1000, retry: false });
