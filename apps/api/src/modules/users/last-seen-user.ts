import type { Kysely } from 'kysely';
import { authUserSchema, type AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { findStoredClaims, storedClaimsWithRole, type StoredClaims } from './user.repository.ts';

/** The user a stored row of claims describes (roles kept as JSON), or undefined when it does not read as one. */
export function userOfStoredClaims(row: StoredClaims): AuthUser | undefined {
  let roles: unknown;
  try {
    roles = JSON.parse(row.roles);
  } catch {
    return undefined;
  }
  const user = authUserSchema.safeParse({ ...row, roles });
  return user.success ? user.data : undefined;
}

/** The user as of their latest request (roles and account then), or undefined when unknown or unreadable. */
export async function lastSeenUser(db: Kysely<Database>, sub: string): Promise<AuthUser | undefined> {
  const row = await findStoredClaims(db, sub);
  return row ? userOfStoredClaims(row) : undefined;
}

/** The users who had `role` on their latest request (at most 1,000: the staff a mail goes to). */
export async function usersWithRole(db: Kysely<Database>, role: AuthUser['roles'][number]): Promise<AuthUser[]> {
  const rows = await storedClaimsWithRole(db, role, 1000);
  return rows.map(userOfStoredClaims).filter((user): user is AuthUser => user !== undefined && user.roles.includes(role));
}
