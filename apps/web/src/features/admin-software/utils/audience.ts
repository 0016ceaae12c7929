import type { AccessRule } from '@portal/contracts/admin-documents';
import type { AdminSoftwareItem } from '@portal/contracts/admin-software';
import type { Role } from '@portal/contracts/users';

type StoredAudience = Pick<AdminSoftwareItem, 'audience' | 'access'>;

/** Roles a restricted item may be opened to (staff see everything anyway). */
export const audienceRoles = ['customer', 'partner', 'employee'] as const satisfies readonly Role[];

/** What the audience fields of a form hold. */
export interface AudienceChoice {
  audience: 'everyone' | 'restricted';
  roles: string[];
  accounts: string[];
}

export const everyone: AudienceChoice = { audience: 'everyone', roles: [], accounts: [] };

/** The access rules of a restricted choice (none for everyone). */
export function accessRules(choice: AudienceChoice): AccessRule[] {
  if (choice.audience === 'everyone') return [];
  return [
    ...choice.roles.map((value) => ({ kind: 'role' as const, value: value as Role })),
    ...choice.accounts.map((value) => value.trim()).filter(Boolean).map((value) => ({ kind: 'account' as const, value })),
  ];
}

/** How a stored audience reads in the tables: everyone, restricted to some rules, or staff only (withdrawn). */
export type AudienceState = 'everyone' | 'restricted' | 'staffOnly';

export function audienceState({ audience, access }: StoredAudience): AudienceState {
  if (audience === 'everyone') return 'everyone';
  return access.length === 0 ? 'staffOnly' : 'restricted';
}
