import { describe, expect, it } from 'vitest';
import { sessionRoles } from './session-roles';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: unknown) => `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`;

describe('sessionRoles', () => {
  it('reads the roles claim of the access token, names in any script included', () => {
    expect(sessionRoles(token({ sub: 'demo-admin', name: 'Ådam Ädmin', roles: ['admin', 'employee'] }))).toEqual(['admin', 'employee']);
  });

  it('answers no role without a session, without the claim or for a token it cannot read', () => {
    for (const value of [null, '', 'opaque-token', token({ sub: 'x' }), token({ roles: 'admin' }), token(null), 'a.%%%.b', `a.${Buffer.from('not json').toString('base64url')}.b`]) {
      expect(sessionRoles(value), String(value)).toEqual([]);
    }
  });
});
