import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Who is signing in: the account named in the form and the address the request came from. */
export interface SignInAttempt {
  email: string;
  address: string;
}

/** Sign-in throttling: wrong passwords lock an account or an address for a period that doubles with each further failure. */
export interface SignInThrottle {
  /** Seconds until this attempt may be made; 0 when it may be made now. */
  waitSeconds(attempt: SignInAttempt): Promise<number>;
  /** Counts a wrong password; answers how many seconds the next attempt must wait. */
  recordFailure(attempt: SignInAttempt): Promise<number>;
  /** A good password clears the account's count (the address keeps its own). */
  recordSuccess(attempt: SignInAttempt): Promise<void>;
}

export interface ThrottlePolicy {
  /** Wrong passwords allowed before the first lock. */
  freeFailures: number;
  firstLockSeconds: number;
  maxLockSeconds: number;
  /** Failures are forgotten this long after the first one. */
  windowSeconds: number;
}

export const accountPolicy: ThrottlePolicy = { freeFailures: 5, firstLockSeconds: 30, maxLockSeconds: 60 * 60, windowSeconds: 24 * 60 * 60 };
/** An address may serve a whole office behind one router: more failures before it is locked. */
export const addressPolicy: ThrottlePolicy = { freeFailures: 20, firstLockSeconds: 30, maxLockSeconds: 60 * 60, windowSeconds: 24 * 60 * 60 };

export interface SignInThrottleOptions {
  /** Shared store for several API servers; memory of this process when absent. */
  redis?: Redis;
  /** Prefix of the store's keys (tests use their own). */
  keyPrefix?: string;
  account?: ThrottlePolicy;
  address?: ThrottlePolicy;
}

/** Unbounded counting: the failures limiter only counts, the locks limiter refuses. */
const countOnly = 1_000_000;

function lockSeconds(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.firstLockSeconds * 2 ** doublings, policy.maxLockSeconds);
}

interface Scope {
  policy: ThrottlePolicy;
  failures: RateLimiterAbstract;
  locks: RateLimiterAbstract;
  key(attempt: SignInAttempt): string;
}

function limiter(options: SignInThrottleOptions, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  if (!options.redis) return new RateLimiterMemory({ keyPrefix, points, duration });
  // Should Redis fail, this process keeps throttling on its own rather than letting every attempt through.
  const insuranceLimiter = new RateLimiterMemory({ keyPrefix, points, duration });
  return new RateLimiterRedis({ storeClient: options.redis, keyPrefix, points, duration, insuranceLimiter });
}

/** E-mail addresses are hashed: bounded key length, and no address written to the store in clear. */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

export function createSignInThrottle(options: SignInThrottleOptions = {}): SignInThrottle {
  const prefix = options.keyPrefix ?? 'portal-sign-in';
  const scope = (name: string, policy: ThrottlePolicy, key: Scope['key']): Scope => ({
    policy,
    failures: limiter(options, `${prefix}:${name}:failures`, countOnly, policy.windowSeconds),
    locks: limiter(options, `${prefix}:${name}:locks`, 1, policy.maxLockSeconds),
    key,
  });
  const scopes = [
    scope('account', options.account ?? accountPolicy, (attempt) => digest(attempt.email.trim().toLowerCase())),
    scope('address', options.address ?? addressPolicy, (attempt) => attempt.address),
  ];

  const waitOf = async ({ locks }: Scope, key: string) => {
    const lock = await locks.get(key);
    return lock && lock.consumedPoints > 1 ? Math.ceil(lock.msBeforeNext / 1000) : 0;
  };

  return {
    async waitSeconds(attempt) {
      const waits = await Promise.all(scopes.map((current) => waitOf(current, current.key(attempt))));
      return Math.max(0, ...waits);
    },
    async recordFailure(attempt) {
      const waits = await Promise.all(
        scopes.map(async (current) => {
          const key = current.key(attempt);
          const { consumedPoints } = await current.failures.penalty(key, 1);
          const seconds = lockSeconds(current.policy, consumedPoints);
          if (seconds > 0) await current.locks.block(key, seconds);
          return seconds;
        }),
      );
      return Math.max(0, ...waits);
    },
    async recordSuccess(attempt) {
      const account = scopes[0]!;
      const key = account.key(attempt);
      await Promise.all([account.failures.delete(key), account.locks.delete(key)]);
    },
  };
}

/** "Please wait 2 minutes", for the sign-in page. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
