import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { ContentSubjectType, Database } from '../../platform/db/schema.ts';
import { audienceCheck, contentSubjects, needsGrants, subjectFacts } from '../../platform/access/index.ts';
import { loadRules } from './content-access.repository.ts';

/**
 * The software or CAD subjects (rows with an audience) the user may see, in the given order, as
 * the access engine decides; grants are loaded only for those the answer depends on.
 */
export async function visibleSubjects<T extends object>(
  db: Kysely<Database>,
  user: AuthUser,
  type: ContentSubjectType,
  subjects: readonly T[],
  idOf: (subject: T) => string,
): Promise<T[]> {
  const kind = contentSubjects[type];
  const check = audienceCheck(user, kind);
  const facts = subjects.map((subject) => subjectFacts(kind, subject));
  const rules = await loadRules(db, type, subjects.filter((_, index) => needsGrants(check, facts[index])).map(idOf));
  return subjects.filter((subject, index) => check(facts[index], rules.get(idOf(subject)) ?? []));
}

/** Whether the user may see this one software or CAD subject (its audience and grants, as the access engine decides). */
export async function subjectVisible<T extends object>(
  db: Kysely<Database>,
  user: AuthUser,
  type: ContentSubjectType,
  subject: T,
  idOf: (subject: T) => string,
): Promise<boolean> {
  return (await visibleSubjects(db, user, type, [subject], idOf)).length > 0;
}

/** Whether the user may see a software version: its item and the version itself must both admit them (a beta may be narrower). */
export async function softwareVersionVisible(
  db: Kysely<Database>,
  user: AuthUser,
  release: { item: { id: string; audience: string }; version: { id: string; audience: string } },
): Promise<boolean> {
  return (
    (await subjectVisible(db, user, 'software-item', release.item, (item) => item.id)) &&
    (await subjectVisible(db, user, 'software-version', release.version, (version) => version.id))
  );
}
