import { LRUCache } from 'lru-cache';
import type { AuthUser, MeResponse } from '@portal/contracts/users';
import type { CacheBus } from '../../platform/cache-bus/cache-bus.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

/** The cache-bus topic an erasure publishes: every process forgets whom it saw recently and checks again. */
export const erasedSubjectsTopic = 'users.erased-subjects';

/** The longest account id stored (a longer claim names no account the console can show). */
const accountIdMaxLength = 64;

/** The cache-bus topic a user's disabling publishes: every process forgets whom it saw recently and checks again. */
export const disabledSubjectsTopic = 'users.disabled-subjects';

/** The answer to a token of a disabled user: 401 (the web app does not sign them in again, which would loop). */
const accountDisabled = () => new AppError(401, 'accountDisabled', 'This account is disabled; ask an administrator.');

/** The answer to a token of an erased person: 401, so no route runs and nothing records them again. */
const accountErased = () => new AppError(401, 'accountErased', 'This account was erased; it cannot be used any more.');

export interface UserServiceOptions {
  /** A user whose claims did not change is written at most once per interval (every API call would be a write otherwise). */
  touchIntervalMs?: number;
  now?: () => Date;
  /** Where an erasure or a disabling is announced: every process then forgets the users it saw recently and checks them again. */
  bus?: Pick<CacheBus, 'subscribe'>;
}

export interface UserService {
  /**
   * Records the user behind an API call: new users are stored, changed claims and lastSeenAt refreshed.
   * An erased subject is refused (401 `accountErased`) before anything is written, a disabled one (401
   * `accountDisabled`) too: checked whenever the user is written, so at once where the disabling is announced.
   */
  record(user: AuthUser): Promise<void>;
  me(user: AuthUser): Promise<MeResponse>;
}

function toMe(row: UserRow): MeResponse {
  return {
    id: row.id,
    sub: row.sub,
    email: row.email,
    name: row.name,
    roles: JSON.parse(row.roles) as MeResponse['roles'],
    account: row.account,
    firstSeenAt: row.firstSeenAt,
    lastSeenAt: row.lastSeenAt,
  };
}

export function createUserService(repository: UserRepository, options: UserServiceOptions = {}): UserService {
  const interval = options.touchIntervalMs ?? 60_000;
  const now = options.now ?? (() => new Date());
  const recent = new LRUCache<string, { claims: string; writtenAt: number }>({ max: 10_000 });
  const knownAccounts = new LRUCache<string, true>({ max: 10_000 });
  options.bus?.subscribe(erasedSubjectsTopic, () => recent.clear());
  options.bus?.subscribe(disabledSubjectsTopic, () => recent.clear());

  // Every write checks first: one primary-key read, at most once per interval and user.
  const write = async (user: AuthUser, claims: string) => {
    if (await repository.isErased(user.sub)) throw accountErased();
    if (await repository.isDisabled(user.sub)) throw accountDisabled();
    const at = now();
    await repository.upsert(user, at.toISOString());
    recent.set(user.sub, { claims, writtenAt: at.getTime() });
    // The account a token names becomes one the console knows (once per process and account).
    const account = user.account?.trim();
    if (account && account.length <= accountIdMaxLength && !knownAccounts.has(account)) {
      await repository.ensureAccount(account, user.roles.includes('partner') ? 'partner' : 'customer', at.toISOString());
      knownAccounts.set(account, true);
    }
  };

  return {
    async record(user) {
      const claims = JSON.stringify(user);
      const last = recent.get(user.sub);
      if (last && last.claims === claims && now().getTime() - last.writtenAt < interval) return;
      await write(user, claims);
    },
    async me(user) {
      let row = await repository.findBySub(user.sub);
      if (!row) {
        // Another server (or a wiped database) may have missed the record step.
        await write(user, JSON.stringify(user));
        row = await repository.findBySub(user.sub);
      }
      return toMe(row!);
    },
  };
}
