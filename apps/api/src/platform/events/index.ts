export { createEventBus, type Emit, type EventBus, type Subscriber, type SubscriberPhase } from './event-bus.ts';
export type { AuditedAccount, AuditedUser, ChangeActor, ChangeOrigin, PortalEventBus, PortalEvents } from './portal-events.ts';
export { eventsPlugin } from './events.plugin.ts';
