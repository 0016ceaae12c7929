import type { PortalMetrics } from '../../platform/metrics/portal-metrics.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

/**
 * The throttle, with every attempt it judges counted: refused while locked, a wrong password (and
 * a lock-out when it starts a lock), or a success. The sign-in route asks the throttle about each.
 */
export function withSignInMetrics(throttle: SignInThrottle, metrics: Pick<PortalMetrics, 'signIn' | 'lockOut'>): SignInThrottle {
  return {
    async waitSeconds(attempt) {
      const seconds = await throttle.waitSeconds(attempt);
      if (seconds > 0) metrics.signIn('refused-locked');
      return seconds;
    },
    async recordFailure(attempt) {
      const seconds = await throttle.recordFailure(attempt);
      metrics.signIn('wrong-password');
      if (seconds > 0) metrics.lockOut();
      return seconds;
    },
    async recordSuccess(attempt) {
      await throttle.recordSuccess(attempt);
      metrics.signIn('success');
    },
  };
}
