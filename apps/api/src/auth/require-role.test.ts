import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@portal/contracts/users';
import { requireRole } from './require-role.ts';

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
