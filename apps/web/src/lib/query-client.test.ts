import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createCancellationService } from './cancellation';
import { cancelQueriesOnCancelAll } from './query-client';

describe('cancelQueriesOnCancelAll', () => {
  it('cancels in-flight TanStack queries when the service cancels', async () => {
    const client = new QueryClient();
    const service = createCancellationService();
    cancelQueriesOnCancelAll(client, service);
    let querySignal: AbortSignal | undefined;
    const pending = client.fetchQuery({
      queryKey: ['slow'],
      queryFn: ({ signal }) => {
        querySignal = signal;
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      },
    });
    service.cancelAll();
    await expect(pending).rejects.toBeTruthy();
    expect(querySignal?.aborted).toBe(true);
    expect(client.getQueryState(['slow'])?.fetchStatus).toBe('idle');
  });
});
