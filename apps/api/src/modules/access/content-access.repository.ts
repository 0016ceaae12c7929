import type { Kysely } from 'kysely';
import type { ContentSubjectType, Database } from '../../platform/db/schema.ts';
import type { AudienceRule } from '../../platform/access/audience.ts';

/** Rules of each subject, by subject id (subjects without rules are absent). */
export type RulesBySubject = Map<string, AudienceRule[]>;

/** The audience rules of the given software or CAD subjects, in one query. */
export async function loadRules(
  db: Kysely<Database>,
  subjectType: ContentSubjectType,
  subjectIds: readonly string[],
): Promise<RulesBySubject> {
  const rules: RulesBySubject = new Map();
  if (subjectIds.length === 0) return rules;
  const rows = await db
    .selectFrom('content_access')
    .select(['subjectId', 'kind', 'value', 'expiresAt'])
    .where('subjectType', '=', subjectType)
    .where('subjectId', 'in', [...new Set(subjectIds)])
    .execute();
  for (const { subjectId, ...rule } of rows) {
    rules.set(subjectId, [...(rules.get(subjectId) ?? []), rule]);
  }
  return rules;
}

/** Adds audience rules to a subject (used by seeds and tests); e-mails are stored lower case. */
export async function addRules(
  db: Kysely<Database>,
  subjectType: ContentSubjectType,
  subjectId: string,
  rules: ReadonlyArray<Omit<AudienceRule, 'expiresAt'> & { expiresAt?: string | null }>,
): Promise<void> {
  if (rules.length === 0) return;
  const createdAt = new Date().toISOString();
  await db
    .insertInto('content_access')
    .values(
      rules.map((rule) => ({
        subjectType,
        subjectId,
        kind: rule.kind,
        value: rule.kind === 'user' ? rule.value.toLowerCase() : rule.value,
        expiresAt: rule.expiresAt ?? null,
        createdAt,
      })),
    )
    .execute();
}

/** Replaces a subject's audience rules with these. */
export async function replaceRules(
  db: Kysely<Database>,
  subjectType: ContentSubjectType,
  subjectId: string,
  rules: ReadonlyArray<Omit<AudienceRule, 'expiresAt'> & { expiresAt?: string | null }>,
): Promise<void> {
  await removeRules(db, subjectType, [subjectId]);
  await addRules(db, subjectType, subjectId, rules);
}

/** Removes every audience rule of these subjects (chunked under both engines' parameter limits). */
export async function removeRules(db: Kysely<Database>, subjectType: ContentSubjectType, subjectIds: readonly string[]): Promise<void> {
  for (let start = 0; start < subjectIds.length; start += 500) {
    await db.deleteFrom('content_access').where('subjectType', '=', subjectType).where('subjectId', 'in', subjectIds.slice(start, start + 500)).execute();
  }
}
