import type { PortalEventBus } from '../../platform/events/index.ts';
import { recordAudit } from './audit.service.ts';

/**
 * The console's users and accounts (users module) in the audit log: one entry per change, in its transaction.
 * A user is the object kind `account` (its subject, as `npm run users` and sign-ins record it); a customer or
 * partner company is `company` (its id). A password is never recorded, only that it was set.
 */
export function registerUserAudit(events: PortalEventBus): void {
  events.subscribe('user.changed', 'in-transaction', ({ userId, action, before, after, origin }, db) =>
    recordAudit(db, origin, {
      action,
      object: { kind: 'account', id: userId },
      ...(action === 'password' ? { after: { email: after.email } } : { before: before ?? undefined, after }),
    }),
  );
  events.subscribe('account.changed', 'in-transaction', ({ accountId, action, before, after, origin }, db) =>
    recordAudit(db, origin, { action, object: { kind: 'company', id: accountId }, before: before ?? undefined, after }),
  );
}
