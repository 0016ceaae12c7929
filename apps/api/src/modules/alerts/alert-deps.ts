import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { createMailSender, type MailSender } from './mail-transport.ts';
import { countedCalls } from '../../platform/metrics/metric-wrappers.ts';
import { unsubscribeKey } from './unsubscribe-token.ts';

/**
 * Where a notice takes one follower: the page of the one unit it concerns that they may see (among
 * `followedSerials` when given), `/units` when several, null when it concerns no unit they may see.
 */
export type NoticeReach = (user: AuthUser, followedSerials?: readonly string[]) => Promise<string | null>;

/**
 * What the alerts ask of the units module, which announces notices here and so cannot be imported:
 * app.ts hands it in (`app.unitAlerts`).
 */
export interface UnitAlertLookups {
  /** The unit of this serial number the user may see; throws the 404 of a unit that does not exist otherwise. */
  readableUnit(db: Kysely<Database>, user: AuthUser, serialNumber: string): Promise<{ serialNumber: string; productCode: string }>;
  /** The reach of an open notice; undefined when it was closed or does not exist. */
  noticeReach(db: Kysely<Database>, noticeId: string): Promise<NoticeReach | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    unitAlerts: UnitAlertLookups;
  }
}

/** What the fan-out and the mail jobs are handed (built once per process from its configuration). */
export interface AlertDeps {
  db: Kysely<Database>;
  /** PUBLIC_URL without a trailing slash: document and unsubscribe links in mails are absolute. */
  publicUrl: string;
  sendMail: MailSender;
  unsubscribeKey: () => Promise<Buffer>;
  units: UnitAlertLookups;
}

const built = new WeakMap<FastifyInstance, AlertDeps>();

/** The API server and the worker alike: both have the configuration and the database. */
export function alertDeps(app: FastifyInstance): AlertDeps {
  let deps = built.get(app);
  if (!deps) {
    deps = {
      db: app.db,
      publicUrl: app.config.publicUrl,
      sendMail: countedCalls(createMailSender(app.config), (sent) => app.metrics.mailSent(sent)),
      unsubscribeKey: unsubscribeKey(app.db, app.config),
      units: app.unitAlerts,
    };
    built.set(app, deps);
  }
  return deps;
}
