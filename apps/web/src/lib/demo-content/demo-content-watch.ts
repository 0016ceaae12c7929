import type { DemoContentState, Health } from '@portal/contracts/health';
import { resolveServerUrl } from '../api-client/server-url';

/** Poll interval while the server still prepares the demo content of a first start. */
export const demoContentPollMs = 2000;

/** The demo content's state from the API's GET /healthz; `ready` when the answer says nothing usable. */
export async function fetchDemoContentState(fetchImpl: typeof fetch = fetch): Promise<DemoContentState> {
  const response = await fetchImpl(resolveServerUrl('/healthz'), { cache: 'no-store' });
  if (!response.ok) return 'ready';
  const body = (await response.json()) as Partial<Health> | null;
  const state = body?.demoContent;
  return state === 'preparing' || state === 'failed' ? state : 'ready';
}

export interface DemoContentWatch {
  fetchState: () => Promise<DemoContentState>;
  /** Every state seen, the first one included. */
  onState: (state: DemoContentState) => void;
  /** Once, when content that was being prepared is in place: the time to fetch the pages again. */
  onArrived: () => void;
  intervalMs?: number;
}

/**
 * Asks the server once and, while it prepares the demo content, again every `intervalMs` until it
 * is done. A failed request counts as `ready`: the portal then behaves as it always did.
 * Returns a function that stops watching.
 */
export function watchDemoContent({ fetchState, onState, onArrived, intervalMs = demoContentPollMs }: DemoContentWatch): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wasPreparing = false;
  const check = async () => {
    const state = await fetchState().catch((): DemoContentState => 'ready');
    if (stopped) return;
    onState(state);
    if (state === 'preparing') {
      wasPreparing = true;
      timer = setTimeout(() => void check(), intervalMs);
    } else if (wasPreparing) {
      onArrived();
    }
  };
  void check();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
