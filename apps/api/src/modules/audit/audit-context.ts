import { hostname, userInfo } from 'node:os';
import type { AuthUser } from '@portal/contracts/users';
import type { ChangeActor, ChangeOrigin } from '../../platform/events/index.ts';
import { changeActorOf, requestOrigin } from '../../platform/events/request-origin.ts';

/** Who acted, as the entry keeps it: their roles and account at that moment (the platform's change actor). */
export type AuditActor = ChangeActor;

/** Where a change came from: taken from the request (or the command), handed with every event and to the writers. */
export type AuditContext = ChangeOrigin;

/** A user as the actor of a change (the same as the events carry). */
export const auditActorOf = changeActorOf;

/** A user's context when the request is not at hand: who, without address or user agent. */
export function userContext(user: Pick<AuthUser, 'sub' | 'email' | 'roles' | 'account'>): AuditContext {
  return { actor: auditActorOf(user), address: null, userAgent: null, source: 'request' };
}

/** The context of an API request: its signed-in user (or the one given), client address and user agent. */
export const auditContextOf = requestOrigin;

function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    // No entry in the user database (some containers): the environment is all there is.
    return process.env.USER ?? process.env.LOGNAME ?? 'unknown';
  }
}

/** The context of a command run on the server (`npm run users`, `npm run import`, `npm run audit`): the system user and host. */
export function commandContext(command: string, source: 'import' | 'command' = 'command'): AuditContext {
  return { actor: { sub: null, name: `operator ${operatorName()}`, roles: [], account: null }, address: hostname(), userAgent: command, source };
}
