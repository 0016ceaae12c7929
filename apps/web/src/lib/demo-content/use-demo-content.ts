import { useEffect } from 'react';
import type { DemoContentState } from '@portal/contracts/health';
import { apiClient } from '../api-client/client';
import { queryClient } from '../query-client';
import { fetchDemoContentState, watchDemoContent } from './demo-content-watch';
import { useDemoContentStore } from './demo-content-store';

/**
 * Watches the state of a first start's demo content (mount once, in the layout) and returns it.
 * When content that was being prepared arrives, every cached answer is dropped and the queries on
 * screen are fetched again, so pages fill in by themselves.
 */
export function useDemoContent(): DemoContentState | null {
  useEffect(
    () =>
      watchDemoContent({
        fetchState: () => fetchDemoContentState(),
        onState: (state) => useDemoContentStore.setState({ state }),
        onArrived: () => {
          apiClient.clearCache();
          void queryClient.invalidateQueries();
        },
      }),
    [],
  );
  return useDemoContentStore((store) => store.state);
}
