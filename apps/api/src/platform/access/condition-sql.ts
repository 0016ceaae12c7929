import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Condition, Scope } from './condition.ts';
import type { SubjectKind } from './subject-kinds.ts';

/*
 * The same condition as SQL, for SQLite and PostgreSQL alike: plain comparisons, values always
 * bound as parameters, table and column names only from the SubjectKind definitions. The subject
 * table must be in the query under its own name (e.g. `documents`).
 */

function column(kind: SubjectKind, scope: Scope, field: string, inGrant: boolean): RawBuilder<unknown> {
  if (scope === 'grant') {
    if (!inGrant) throw new Error(`The grant field ${field} is read outside someGrant`);
    return sql.ref(`${kind.grants.table}.${field}`);
  }
  const source = kind.fields[field];
  if (!source) throw new Error(`${kind.table} has no access field ${field}`);
  return sql.ref(`${kind.table}.${source.column}`);
}

function presenceOnly(kind: SubjectKind, scope: Scope, field: string): boolean {
  return scope === 'subject' && kind.fields[field]?.presenceOnly === true;
}

function toSql(condition: Condition, kind: SubjectKind, inGrant: boolean): RawBuilder<SqlBool> {
  switch (condition.op) {
    case 'always':
      return sql<SqlBool>`1 = 1`;
    case 'never':
      return sql<SqlBool>`1 = 0`;
    case 'all':
      return sql<SqlBool>`(${sql.join(condition.of.map((part) => toSql(part, kind, inGrant)), sql` and `)})`;
    case 'any':
      return sql<SqlBool>`(${sql.join(condition.of.map((part) => toSql(part, kind, inGrant)), sql` or `)})`;
    case 'isSet':
      return sql<SqlBool>`${column(kind, condition.scope, condition.field, inGrant)} is not null`;
    case 'isUnset':
      return sql<SqlBool>`${column(kind, condition.scope, condition.field, inGrant)} is null`;
    case 'someGrant': {
      const { grants } = kind;
      const belongs = sql<SqlBool>`${sql.ref(`${grants.table}.${grants.subjectColumn}`)} = ${sql.ref(`${kind.table}.${kind.key}`)}`;
      const typed = grants.subjectType
        ? sql<SqlBool>` and ${sql.ref(`${grants.table}.${grants.subjectType.column}`)} = ${grants.subjectType.value}`
        : sql``;
      return sql<SqlBool>`exists (select 1 from ${sql.table(grants.table)} where ${belongs}${typed} and ${toSql(condition.where, kind, true)})`;
    }
  }
  if (presenceOnly(kind, condition.scope, condition.field)) {
    throw new Error(`${condition.field} of ${kind.table} can only be tested for presence`);
  }
  const field = column(kind, condition.scope, condition.field, inGrant);
  switch (condition.op) {
    case 'equals':
      return sql<SqlBool>`${field} = ${condition.value}`;
    case 'oneOf':
      return sql<SqlBool>`${field} in (${sql.join(condition.values.map((value) => sql`${value}`))})`;
    case 'after':
      return sql<SqlBool>`${field} > ${condition.value}`;
  }
}

/** The condition as a where-clause over the subject's table. */
export function conditionSql(condition: Condition, kind: SubjectKind): Expression<SqlBool> {
  return toSql(condition, kind, false);
}
