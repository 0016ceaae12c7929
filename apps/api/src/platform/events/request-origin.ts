import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '@portal/contracts/users';
import type { ChangeActor, ChangeOrigin } from './portal-events.ts';

const userAgentMaxLength = 512;

/** A user as the actor of a change: their roles and account at that moment. */
export function changeActorOf(user: Pick<AuthUser, 'sub' | 'email' | 'roles' | 'account'>): ChangeActor {
  return { sub: user.sub, name: user.email.toLowerCase(), roles: [...user.roles], account: user.account };
}

/** The origin of a change made by an API request: its signed-in user (or the one given), client address and user agent. */
export function requestOrigin(request: FastifyRequest, user: AuthUser | null = request.user ?? null): ChangeOrigin {
  const agent = request.headers['user-agent'];
  return {
    actor: user ? changeActorOf(user) : null,
    address: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, userAgentMaxLength) : null,
    source: 'request',
  };
}
