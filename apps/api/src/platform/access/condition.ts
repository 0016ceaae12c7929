/*
 * A small language for access conditions, held as data so that one definition can be read two
 * ways: as SQL (condition-sql.ts) and as a check in memory (condition-memory.ts). It has no
 * negation on purpose: without it SQL's NULLs behave like `false`, so both readings agree, and a
 * subject can only gain visibility from more grants, never lose it.
 */

/** Whose field a test reads: the subject being looked at, or one of its grants. */
export type Scope = 'subject' | 'grant';

export type Condition =
  | { readonly op: 'always' }
  | { readonly op: 'never' }
  | { readonly op: 'all'; readonly of: readonly Condition[] }
  | { readonly op: 'any'; readonly of: readonly Condition[] }
  | { readonly op: 'equals'; readonly scope: Scope; readonly field: string; readonly value: string }
  | { readonly op: 'oneOf'; readonly scope: Scope; readonly field: string; readonly values: readonly string[] }
  | { readonly op: 'isSet'; readonly scope: Scope; readonly field: string }
  | { readonly op: 'isUnset'; readonly scope: Scope; readonly field: string }
  /** The field holds a value that sorts after `value` (ISO timestamps compare as text). */
  | { readonly op: 'after'; readonly scope: Scope; readonly field: string; readonly value: string }
  /** At least one grant of the subject passes `where`. */
  | { readonly op: 'someGrant'; readonly where: Condition };

export const always: Condition = { op: 'always' };
export const never: Condition = { op: 'never' };

/** Every condition holds; folds constants away so that the SQL stays small. */
export function allOf(...conditions: Condition[]): Condition {
  if (conditions.some((condition) => condition.op === 'never')) return never;
  const of = conditions.filter((condition) => condition.op !== 'always');
  if (of.length === 0) return always;
  return of.length === 1 ? of[0] : { op: 'all', of };
}

/** At least one condition holds; folds constants away. */
export function anyOf(...conditions: Condition[]): Condition {
  if (conditions.some((condition) => condition.op === 'always')) return always;
  const of = conditions.filter((condition) => condition.op !== 'never');
  if (of.length === 0) return never;
  return of.length === 1 ? of[0] : { op: 'any', of };
}

export function someGrant(where: Condition): Condition {
  return where.op === 'never' ? never : { op: 'someGrant', where };
}

function fieldOf(scope: Scope, field: string) {
  return {
    equals: (value: string): Condition => ({ op: 'equals', scope, field, value }),
    oneOf: (values: readonly string[]): Condition => (values.length === 0 ? never : { op: 'oneOf', scope, field, values: [...values] }),
    isSet: (): Condition => ({ op: 'isSet', scope, field }),
    isUnset: (): Condition => ({ op: 'isUnset', scope, field }),
    after: (value: string): Condition => ({ op: 'after', scope, field, value }),
  };
}

/** A field of the subject (see SubjectKind.fields). */
export const subjectField = (field: string) => fieldOf('subject', field);

/** A column of a grant row: kind, value, expiresAt. */
export const grantField = (field: string) => fieldOf('grant', field);
