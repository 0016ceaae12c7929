import { QueryClient } from '@tanstack/react-query';
import { cancellation, type CancellationService } from './cancellation';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Failures are already reported by the API client's toast; retrying would repeat it.
      retry: false,
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * Spec §4: a navigation cancels TanStack queries as well as bare requests. A cancelled query that
 * never had data falls back to idle; once the new page has rendered, those still on screen (the
 * layout's own queries) are fetched again with the fresh signal instead of staying empty.
 */
export function cancelQueriesOnCancelAll(client: QueryClient = queryClient, service: CancellationService = cancellation) {
  return service.onCancel(() => {
    void client.cancelQueries().then(() =>
      setTimeout(() => {
        void client.refetchQueries({
          type: 'active',
          predicate: (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle',
        });
      }),
    );
  });
}
