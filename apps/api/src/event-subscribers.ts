import { createEventBus, type PortalEventBus, type PortalEvents } from './platform/events/index.ts';
import { registerAlertSubscribers, registerFeedbackAlerts, registerPaperRequestAlerts, registerReleaseAlerts } from './modules/alerts/index.ts';
import { registerAuditSubscribers, registerFeedbackAudit, registerReleaseAudit, registerUserAudit } from './modules/audit/index.ts';
import { registerSearchSubscribers } from './modules/search/index.ts';
import { registerStatisticsSubscribers } from './modules/statistics/index.ts';
import { registerSearchAnalyticsSubscribers } from './modules/search-analytics/index.ts';
import { registerPreviewSubscribers } from './previews/preview.subscribers.ts';

/** Where a failed after-commit subscriber is reported: the app's logger, or a command's. */
export interface EventLog {
  error(details: object, message: string): void;
}

/**
 * The portal's event bus with every module's subscribers: the one place that says who hears of what. The API
 * (`app.ts`), the worker and the commands that change content (`npm run import`, the demo seed) each build it
 * here, so a document published from any of them reaches the same subscribers. Within one event the
 * subscribers run in the order registered; the audit entry comes last (it holds the chain's lock until commit).
 */
export function createPortalEvents(log: EventLog): PortalEventBus {
  const bus = createEventBus<PortalEvents>({ onError: (error, event) => log.error({ err: error, event }, 'an event subscriber failed after commit') });
  registerSearchSubscribers(bus);
  registerPreviewSubscribers(bus);
  registerAlertSubscribers(bus);
  registerReleaseAlerts(bus);
  registerPaperRequestAlerts(bus);
  registerFeedbackAlerts(bus);
  registerStatisticsSubscribers(bus);
  registerSearchAnalyticsSubscribers(bus);
  registerAuditSubscribers(bus);
  registerReleaseAudit(bus);
  registerFeedbackAudit(bus);
  registerUserAudit(bus);
  return bus;
}
