import type { EventBus } from './event-bus.ts';

/** Who made a change and from where: handed with every event, so the audit subscriber can record it. */
export interface ChangeActor {
  sub: string | null;
  /** E-mail of a user, or `operator <name>` for a command run on the server. */
  name: string;
  roles: readonly string[];
  account: string | null;
}

export interface ChangeOrigin {
  actor: ChangeActor | null;
  address: string | null;
  userAgent: string | null;
  /** `import` marks documents and versions the bulk import adds (audited as `import`, not `publish`). */
  source: 'request' | 'import' | 'command';
}

/**
 * Every event of the portal, by name, with its payload. The module that owns the change emits it once, through
 * `events.transaction` (or `emitCommitted` for a change already committed). docs/architecture.md lists who
 * subscribes to each and in which phase.
 */
export interface PortalEvents {
  'document.published': { documentId: string; versionId: string; origin: ChangeOrigin };
  'document.version-withdrawn': { documentId: string; versionId: string; origin: ChangeOrigin };
  'document.text-extracted': { documentId: string; versionId: string };
}

export type PortalEventBus = EventBus<PortalEvents>;
