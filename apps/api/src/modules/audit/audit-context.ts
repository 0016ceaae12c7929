import { hostname, userInfo } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '@portal/contracts/users';

/** Who acted, as the entry keeps it: their roles and account at that moment. */
export interface AuditActor {
  sub: string | null;
  /** E-mail of a user, or `operator <name>` for a command run on the server. */
  name: string;
  roles: readonly string[];
  account: string | null;
}

/** Where a change came from: taken from the request (or the command) and handed down to the writers. */
export interface AuditContext {
  actor: AuditActor | null;
  address: string | null;
  userAgent: string | null;
  /** `import` marks documents and versions that the bulk import adds (recorded as `import`, not `publish`). */
  source: 'request' | 'import' | 'command';
}

const userAgentMaxLength = 512;

export function auditActorOf(user: Pick<AuthUser, 'sub' | 'email' | 'roles' | 'account'>): AuditActor {
  return { sub: user.sub, name: user.email.toLowerCase(), roles: [...user.roles], account: user.account };
}

/** A user's context when the request is not at hand: who, without address or user agent. */
export function userContext(user: Pick<AuthUser, 'sub' | 'email' | 'roles' | 'account'>): AuditContext {
  return { actor: auditActorOf(user), address: null, userAgent: null, source: 'request' };
}

/** The context of an API request: its signed-in user (or the one given), client address and user agent. */
export function auditContextOf(request: FastifyRequest, user: AuthUser | null = request.user ?? null): AuditContext {
  const agent = request.headers['user-agent'];
  return {
    actor: user ? auditActorOf(user) : null,
    address: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, userAgentMaxLength) : null,
    source: 'request',
  };
}

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
