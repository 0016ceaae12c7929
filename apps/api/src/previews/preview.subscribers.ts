import type { PortalEventBus } from '../platform/events/index.ts';
import { enqueuePreviewJobs } from './enqueue-preview-jobs.ts';

/**
 * A stored version gets its preview jobs (Office PDF, text, thumbnail) `in-transaction`: the jobs exist exactly
 * when the version does, so no version is left without previews by a crash between the commit and the queueing.
 */
export function registerPreviewSubscribers(bus: PortalEventBus): void {
  bus.subscribe('document.version-added', 'in-transaction', ({ version }, db) => enqueuePreviewJobs(db, version));
}
