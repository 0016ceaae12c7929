import { describe, expect, it } from 'vitest';
import { bootSteps } from './boot-steps';

describe('bootSteps', () => {
  it('lists the steps in the specification order (spec §4)', () => {
    expect(bootSteps.map((step) => step.name)).toEqual([
      'plugin registration',
      'translations',
      'HTTP client set-up',
      'authentication',
      'application telemetry',
      'error handler',
      'subscription directive',
      'feature-flag directive',
      'external-access parameters',
    ]);
  });
});
