import type { AuthUser, Role } from '@portal/contracts/users';

/**
 * The viewer a staff member previews: only a role and an account, so exactly the audience rules on
 * roles and accounts apply. Its `sub` and e-mail match no named grant or user.
 */
export function previewViewer(role: Role, account: string | undefined): AuthUser {
  return { sub: `preview:${role}:${account ?? ''}`, email: '', name: '', roles: [role], account: account ?? null };
}
