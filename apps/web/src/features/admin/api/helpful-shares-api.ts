import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HelpfulShare, HelpfulShares } from '@portal/contracts/feedback';
import { apiClient } from '../../../lib/api-client/client';

/** GET /api/Admin/feedback/helpful-shares: the readers' yes and no counts of the documents on the table's page. */
export function useHelpfulShares(documentIds: readonly string[]): Map<string, HelpfulShare> | undefined {
  const ids = [...documentIds].sort();
  const query = useQuery({
    queryKey: ['admin', 'feedback', 'helpful-shares', ids],
    queryFn: ({ signal }) =>
      apiClient.get<HelpfulShares>('/api/Admin/feedback/helpful-shares', { signal, notifyOnError: false, query: { documentIds: ids.join(',') } }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
  return query.data ? new Map(query.data.items.map((item) => [item.documentId, item])) : undefined;
}
