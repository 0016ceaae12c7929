import type { Expression, SqlBool } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { AccessRuleKind, DocumentAudience } from '../db/schema.ts';
import { audienceCondition, grantsChangeAt, isStaff, viewerKey } from './audience-rule.ts';
import { compileCondition, type GrantFacts, type MemoryCheck } from './condition-memory.ts';
import { conditionSql } from './condition-sql.ts';
import { contentSubjects, documentSubject, subjectFacts, type SubjectFacts, type SubjectKind } from './subject-kinds.ts';

/*
 * The two forms of the audience rule (audience-rule.ts) that modules use: a where-clause for
 * queries and a check for subjects and grants already in memory.
 */

export { isStaff, viewerKey, grantsChangeAt, contentSubjects, documentSubject, subjectFacts };
export type { GrantFacts, MemoryCheck, SubjectFacts, SubjectKind };

/**
 * One audience grant: a role, an account, or a user's e-mail (lower case), optionally expiring.
 * A type, not an interface, so that it fits GrantFacts (fields read by name).
 */
export type AudienceRule = {
  kind: AccessRuleKind;
  value: string;
  expiresAt: string | null;
};

/** A where-clause over the subject's table keeping what the viewer may see at `now`. */
export function visibleFilter(viewer: AuthUser, kind: SubjectKind, now = new Date().toISOString()): Expression<SqlBool> {
  return conditionSql(audienceCondition(viewer, kind, now), kind);
}

/** A where-clause keeping the published subjects of the kind (what anyone but staff may see at all). */
export function publishedFilter(kind: SubjectKind): Expression<SqlBool> {
  return conditionSql(kind.published, kind);
}

/** Whether a subject row counts as published. */
export function isPublished(kind: SubjectKind, row: object): boolean {
  return compileCondition(kind.published)(subjectFacts(kind, row), []);
}

/** The rule as a function for many subjects of one kind (compile once per viewer, call per subject). */
export function audienceCheck(viewer: AuthUser, kind: SubjectKind, now = new Date().toISOString()): MemoryCheck {
  return compileCondition(audienceCondition(viewer, kind, now));
}

/**
 * Whether the viewer may see software or CAD content with this audience and these grants.
 * (Content of that kind has no unpublished state.)
 */
export function audienceAllows(
  viewer: AuthUser,
  audience: DocumentAudience,
  rules: readonly GrantFacts[],
  now = new Date().toISOString(),
): boolean {
  // Every content kind has the same fields and no unpublished state; only their tables differ,
  // which the check in memory does not read.
  return audienceCheck(viewer, contentSubjects['software-item'], now)({ audience }, rules);
}

/**
 * Whether the answer for this subject hangs on its grants: false when the check admits it
 * without any (grants never take visibility away), so its grants need not be loaded.
 */
export function needsGrants(check: MemoryCheck, facts: SubjectFacts): boolean {
  return !check(facts, []);
}
