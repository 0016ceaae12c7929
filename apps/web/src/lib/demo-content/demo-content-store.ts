import { create } from 'zustand';
import type { DemoContentState } from '@portal/contracts/health';

/** The demo content's state as last reported by the server; null until the first answer. */
export const useDemoContentStore = create<{ state: DemoContentState | null }>(() => ({ state: null }));

/** Whether a first start's demo content is still being prepared: empty lists say so instead of "no results". */
export function useDemoContentPreparing(): boolean {
  return useDemoContentStore((store) => store.state === 'preparing');
}
