import type { AuthUser } from '@portal/contracts/users';
import { allOf, always, anyOf, grantField, never, someGrant, subjectField, type Condition } from './condition.ts';
import type { SubjectKind } from './subject-kinds.ts';

/*
 * THE audience rule of the portal ("who may see this"), defined once, as data: the SQL filter and
 * the check in memory are both read from the condition built here, so they cannot drift apart.
 *
 * Staff (employee, admin) see everything, unpublished included. Everyone else sees a published
 * subject whose audience is 'everyone', or a 'restricted' one with an unexpired grant naming one
 * of their roles, their account or their e-mail (grants through UserDocumentAccess are 'user'
 * grants with an expiry). A restricted subject without grants is seen by staff only.
 */

/** The grant column holding the moment a grant stops counting (null: never). */
const grantExpiry = 'expiresAt';

/** Staff (employee, admin) see all content, restricted or unpublished. */
export function isStaff(viewer: AuthUser): boolean {
  return viewer.roles.includes('employee') || viewer.roles.includes('admin');
}

function grantNamesViewer(viewer: AuthUser): Condition {
  const email = viewer.email.toLowerCase();
  return anyOf(
    allOf(grantField('kind').equals('role'), grantField('value').oneOf(viewer.roles)),
    viewer.account ? allOf(grantField('kind').equals('account'), grantField('value').equals(viewer.account)) : never,
    email ? allOf(grantField('kind').equals('user'), grantField('value').equals(email)) : never,
  );
}

/** Whether the viewer may see a subject of this kind at `now`, as a condition over the subject and its grants. */
export function audienceCondition(viewer: AuthUser, kind: SubjectKind, now: string): Condition {
  if (isStaff(viewer)) return always;
  const unexpired = anyOf(grantField(grantExpiry).isUnset(), grantField(grantExpiry).after(now));
  return allOf(
    kind.published,
    anyOf(subjectField('audience').equals('everyone'), someGrant(allOf(unexpired, grantNamesViewer(viewer)))),
  );
}

/**
 * Viewers with the same key get the same answers (the rule reads nothing else of them): a cache
 * of answers may be shared by key.
 */
export function viewerKey(viewer: AuthUser): string {
  if (isStaff(viewer)) return 'staff';
  return JSON.stringify([[...new Set(viewer.roles)].sort(), viewer.account || null, viewer.email.toLowerCase()]);
}

/**
 * The first moment after `now` at which one of these grants stops counting ('9999' when none
 * will): answers computed at `now` hold until then.
 */
export function grantsChangeAt(grants: Iterable<Readonly<Record<string, string | null>>>, now: string, until = '9999'): string {
  let first = until;
  for (const grant of grants) {
    const expiry = grant[grantExpiry];
    if (expiry !== null && expiry !== undefined && expiry > now && expiry < first) first = expiry;
  }
  return first;
}
