import { queryOptions } from '@tanstack/react-query';
import type { CadConfigurationResponse } from '@portal/contracts/cad';
import { apiClient } from '../../../lib/api-client/client';

/**
 * GET /api/Cad/configurations: the files of one model with one value per option group. The API
 * checks the selection (400 listing every problem), which the configurator shows in place.
 */
export function getCadConfiguration(model: string, options: string[], signal?: AbortSignal): Promise<CadConfigurationResponse> {
  return apiClient.get('/api/Cad/configurations', {
    query: { model, options: options.join(',') },
    signal,
    notifyOnError: false,
  });
}

export const cadConfigurationQueryOptions = (model: string, options: string[]) =>
  queryOptions({
    queryKey: ['cad', 'configuration', model, options],
    queryFn: ({ signal }) => getCadConfiguration(model, options, signal),
    staleTime: 60 * 1000,
  });
