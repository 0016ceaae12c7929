import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './complete-sign-in';

describe('safeReturnPath', () => {
  it('keeps same-site paths and falls back to / for anything else', () => {
    expect(safeReturnPath('/software/IRC5?x=1')).toBe('/software/IRC5?x=1');
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(safeReturnPath('//evil.example/')).toBe('/');
    expect(safeReturnPath('/login/callback?code=1')).toBe('/');
  });
});
