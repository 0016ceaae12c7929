import type { Condition } from './condition.ts';
import type { SubjectFacts } from './subject-kinds.ts';

/** A grant row as the memory check reads it. */
export type GrantFacts = Readonly<Record<string, string | null>>;

/** A condition compiled for memory: the subject's facts and all its grants in, the verdict out. */
export type MemoryCheck = (subject: SubjectFacts, grants: readonly GrantFacts[]) => boolean;

type Step = (subject: SubjectFacts, grants: readonly GrantFacts[], grant: GrantFacts | undefined) => boolean;

/** Reads a field: null (SQL NULL) and absent fields fail every test, as NULL does in a WHERE clause. */
function reader(scope: 'subject' | 'grant', field: string, inGrant: boolean) {
  if (scope === 'grant' && !inGrant) throw new Error(`The grant field ${field} is read outside someGrant`);
  return scope === 'subject'
    ? (subject: SubjectFacts) => subject[field] ?? null
    : (_subject: SubjectFacts, grant: GrantFacts | undefined) => grant?.[field] ?? null;
}

function compileStep(condition: Condition, inGrant: boolean): Step {
  switch (condition.op) {
    case 'always':
      return () => true;
    case 'never':
      return () => false;
    case 'all': {
      const steps = condition.of.map((part) => compileStep(part, inGrant));
      return (subject, grants, grant) => steps.every((step) => step(subject, grants, grant));
    }
    case 'any': {
      const steps = condition.of.map((part) => compileStep(part, inGrant));
      return (subject, grants, grant) => steps.some((step) => step(subject, grants, grant));
    }
    case 'equals': {
      const read = reader(condition.scope, condition.field, inGrant);
      const { value } = condition;
      return (subject, _grants, grant) => read(subject, grant) === value;
    }
    case 'oneOf': {
      const read = reader(condition.scope, condition.field, inGrant);
      const values = new Set(condition.values);
      return (subject, _grants, grant) => {
        const value = read(subject, grant);
        return value !== null && values.has(value);
      };
    }
    case 'isSet': {
      const read = reader(condition.scope, condition.field, inGrant);
      return (subject, _grants, grant) => read(subject, grant) !== null;
    }
    case 'isUnset': {
      const read = reader(condition.scope, condition.field, inGrant);
      return (subject, _grants, grant) => read(subject, grant) === null;
    }
    case 'after': {
      const read = reader(condition.scope, condition.field, inGrant);
      const { value: bound } = condition;
      return (subject, _grants, grant) => {
        const value = read(subject, grant);
        return value !== null && value > bound;
      };
    }
    case 'someGrant': {
      const where = compileStep(condition.where, true);
      return (subject, grants) => grants.some((grant) => where(subject, grants, grant));
    }
  }
}

/** The condition as a function over facts held in memory; compile once, call per subject. */
export function compileCondition(condition: Condition): MemoryCheck {
  const step = compileStep(condition, false);
  return (subject, grants) => step(subject, grants, undefined);
}
