import fp from 'fastify-plugin';
import type { PortalEventBus } from './portal-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The portal's event bus, with every module's subscribers (apps/api/src/event-subscribers.ts). */
    events: PortalEventBus;
  }
}

/** Decorates `app.events` with the bus the composition built (the platform knows no subscriber). */
export const eventsPlugin = fp<{ bus: PortalEventBus }>(
  async (app, { bus }) => {
    app.decorate('events', bus);
  },
  { name: 'events' },
);
