import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { createMailSender, type MailSender } from './mail-transport.ts';
import { unsubscribeKey } from './unsubscribe-token.ts';

/** What the fan-out and the mail jobs are handed (built once per process from its configuration). */
export interface AlertDeps {
  db: Kysely<Database>;
  /** PUBLIC_URL without a trailing slash: document and unsubscribe links in mails are absolute. */
  publicUrl: string;
  sendMail: MailSender;
  unsubscribeKey: () => Promise<Buffer>;
}

const built = new WeakMap<FastifyInstance, AlertDeps>();

/** The API server and the worker alike: both have the configuration and the database. */
export function alertDeps(app: FastifyInstance): AlertDeps {
  let deps = built.get(app);
  if (!deps) {
    deps = { db: app.db, publicUrl: app.config.publicUrl, sendMail: createMailSender(app.config), unsubscribeKey: unsubscribeKey(app.db, app.config) };
    built.set(app, deps);
  }
  return deps;
}
