import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@portal/contracts/users';
import { audienceAllows, type AudienceRule } from './audience.ts';

const now = '2026-06-01T00:00:00.000Z';
const customer: AuthUser = { sub: 'c', email: 'Carla@Example.com', name: 'Carla', roles: ['customer'], account: 'ACME' };
const partner: AuthUser = { sub: 'p', email: 'pat@partner.example', name: 'Pat', roles: ['partner'], account: null };
const employee: AuthUser = { sub: 'e', email: 'emil@maker.example', name: 'Emil', roles: ['employee'], account: null };
const admin: AuthUser = { sub: 'a', email: 'ada@maker.example', name: 'Ada', roles: ['admin'], account: null };

const rule = (kind: AudienceRule['kind'], value: string, expiresAt: string | null = null): AudienceRule => ({ kind, value, expiresAt });

describe('audienceAllows', () => {
  it('lets every signed-in user see content for everyone', () => {
    expect(audienceAllows(customer, 'everyone', [], now)).toBe(true);
  });

  it('hides restricted content without a matching rule, except from staff', () => {
    const rules = [rule('role', 'partner')];
    expect(audienceAllows(customer, 'restricted', rules, now)).toBe(false);
    expect(audienceAllows(customer, 'restricted', [], now)).toBe(false);
    expect(audienceAllows(employee, 'restricted', [], now)).toBe(true);
    expect(audienceAllows(admin, 'restricted', rules, now)).toBe(true);
  });

  it('matches a role, an account or an e-mail (case-insensitively)', () => {
    expect(audienceAllows(partner, 'restricted', [rule('role', 'partner')], now)).toBe(true);
    expect(audienceAllows(customer, 'restricted', [rule('account', 'ACME')], now)).toBe(true);
    expect(audienceAllows(customer, 'restricted', [rule('account', 'GLOBEX')], now)).toBe(false);
    expect(audienceAllows(partner, 'restricted', [rule('account', 'ACME')], now)).toBe(false);
    expect(audienceAllows(customer, 'restricted', [rule('user', 'carla@example.com')], now)).toBe(true);
    expect(audienceAllows(partner, 'restricted', [rule('user', 'carla@example.com')], now)).toBe(false);
  });

  it('ignores expired rules', () => {
    expect(audienceAllows(customer, 'restricted', [rule('user', 'carla@example.com', '2026-05-31T23:59:59.000Z')], now)).toBe(false);
    expect(audienceAllows(customer, 'restricted', [rule('user', 'carla@example.com', '2026-06-02T00:00:00.000Z')], now)).toBe(true);
  });
});
