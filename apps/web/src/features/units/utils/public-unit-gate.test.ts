import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../../../lib/auth/session';
import { publicUnitPath, requireAuthOrPublicUnit, unitPageSerial } from './public-unit-gate';

describe('public unit gate', () => {
  afterEach(() => clearSession());

  it('finds the serial of a unit page only', () => {
    expect(unitPageSerial('/units/ARM6-2025-00017')).toBe('ARM6-2025-00017');
    expect(unitPageSerial('/units/A%2EB/')).toBe('A.B');
    expect(unitPageSerial('/units')).toBeNull();
    expect(unitPageSerial('/units/A/public')).toBeNull();
    expect(unitPageSerial('/resources')).toBeNull();
    expect(unitPageSerial('/units/%E0%A4%A')).toBeNull();
  });

  it("sends a signed-out visitor of a unit page to its public view, and lets a signed-in user through", async () => {
    const redirected = await requireAuthOrPublicUnit({ request: new Request('http://portal.test/units/ARM6-2025-00017') });
    expect(redirected).toBeInstanceOf(Response);
    expect((redirected as Response).headers.get('location')).toBe(publicUnitPath('ARM6-2025-00017'));
    expect(publicUnitPath('ARM6-2025-00017')).toBe('/units/ARM6-2025-00017/public');
    saveSession({ accessToken: 'token', expiresAt: Date.now() / 1000 + 60 });
    expect(await requireAuthOrPublicUnit({ request: new Request('http://portal.test/units/ARM6-2025-00017') })).toBeNull();
  });
});
