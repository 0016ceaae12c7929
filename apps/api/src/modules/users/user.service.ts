import { LRUCache } from 'lru-cache';
import type { AuthUser, MeResponse } from '@portal/contracts/users';
import type { UserRepository, UserRow } from './user.repository.ts';

export interface UserServiceOptions {
  /** A user whose claims did not change is written at most once per interval (every API call would be a write otherwise). */
  touchIntervalMs?: number;
  now?: () => Date;
}

export interface UserService {
  /** Records the user behind an API call: new users are stored, changed claims and lastSeenAt refreshed. */
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

  const write = async (user: AuthUser, claims: string) => {
    const at = now();
    await repository.upsert(user, at.toISOString());
    recent.set(user.sub, { claims, writtenAt: at.getTime() });
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
