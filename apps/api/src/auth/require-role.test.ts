import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@portal/contracts/users';
import { requirePublisher, requireRole } from './require-role.ts';

const requestOf = (user: AuthUser | null) => ({ user }) as unknown as FastifyRequest;
const employee: AuthUser = { sub: 'e', email: 'e@x.com', name: 'E', roles: ['employee'], account: null };

describe('requireRole', () => {
  it('passes when the user holds one of the roles', () => {
    expect(() => requireRole(requestOf(employee), 'admin', 'employee')).not.toThrow();
  });

  it('throws 403 forbidden otherwise, and 401 without a user', () => {
    expect(() => requireRole(requestOf(employee), 'admin')).toThrow(expect.objectContaining({ statusCode: 403, code: 'forbidden' }));
    expect(() => requireRole(requestOf(null), 'admin')).toThrow(expect.objectContaining({ statusCode: 401 }));
  });
});

describe('requirePublisher', () => {
  const user = (roles: AuthUser['roles']): AuthUser => ({ ...employee, roles });

  it('lets publishers and admins publish, and nobody else', () => {
    expect(() => requirePublisher(requestOf(user(['publisher'])))).not.toThrow();
    expect(() => requirePublisher(requestOf(user(['admin'])))).not.toThrow();
    for (const roles of [['customer'], ['partner'], ['employee'], []] as AuthUser['roles'][]) {
      expect(() => requirePublisher(requestOf(user(roles)))).toThrow(expect.objectContaining({ statusCode: 403 }));
    }
    expect(() => requirePublisher(requestOf(null))).toThrow(expect.objectContaining({ statusCode: 401 }));
  });

  it('keeps admin-only routes closed to publishers', () => {
    expect(() => requireRole(requestOf(user(['publisher', 'employee'])), 'admin')).toThrow(expect.objectContaining({ statusCode: 403 }));
  });
});
