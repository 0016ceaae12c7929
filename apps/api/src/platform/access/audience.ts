import type { AuthUser } from '@portal/contracts/users';
import type { AccessRuleKind, DocumentAudience } from '../db/schema.ts';

/** One audience rule: a role, an account, or a user's e-mail (lower case), optionally expiring. */
export interface AudienceRule {
  kind: AccessRuleKind;
  value: string;
  expiresAt: string | null;
}

/** Staff (employee, admin) see all content, restricted or not. */
export function isStaff(user: AuthUser): boolean {
  return user.roles.includes('employee') || user.roles.includes('admin');
}

/** Whether an unexpired rule names one of the user's roles, their account or their e-mail. */
export function ruleMatches(user: AuthUser, rule: AudienceRule, now: string): boolean {
  if (rule.expiresAt !== null && rule.expiresAt <= now) return false;
  if (rule.kind === 'role') return (user.roles as string[]).includes(rule.value);
  if (rule.kind === 'account') return user.account !== null && user.account === rule.value;
  return user.email.toLowerCase() === rule.value;
}

/**
 * The one audience rule of the portal, as a pure function: staff see everything; everyone else
 * sees 'everyone' content, and 'restricted' content when one of its rules names them.
 * (Documents apply the same rule as SQL in document-access.service.ts.)
 */
export function audienceAllows(
  user: AuthUser,
  audience: DocumentAudience,
  rules: readonly AudienceRule[],
  now = new Date().toISOString(),
): boolean {
  if (isStaff(user) || audience === 'everyone') return true;
  return rules.some((rule) => ruleMatches(user, rule, now));
}
