import { describe, expect, it } from 'vitest';
import { allOf, always, anyOf, grantField, never, someGrant, subjectField } from './condition.ts';
import { compileCondition } from './condition-memory.ts';
import { conditionSql } from './condition-sql.ts';
import { documentSubject } from './subject-kinds.ts';

describe('the access condition language', () => {
  it('folds constants, so a staff filter or a viewer without account adds no SQL', () => {
    const role = grantField('kind').equals('role');
    expect(allOf(always, role)).toBe(role);
    expect(allOf(role, never)).toBe(never);
    expect(anyOf(never, role)).toBe(role);
    expect(anyOf(role, always)).toBe(always);
    expect(grantField('value').oneOf([])).toBe(never);
    expect(someGrant(never)).toBe(never);
  });

  it('treats a missing (NULL) field as failing every test, as a WHERE clause does', () => {
    const check = compileCondition(
      anyOf(subjectField('audience').equals('everyone'), subjectField('status').after('a'), subjectField('status').oneOf(['x'])),
    );
    expect(check({ audience: null, status: null }, [])).toBe(false);
    expect(compileCondition(subjectField('status').isUnset())({ status: null }, [])).toBe(true);
  });

  it('reads grant fields only inside someGrant, in both forms', () => {
    const stray = grantField('kind').equals('role');
    expect(() => compileCondition(stray)).toThrow(/outside someGrant/);
    expect(() => conditionSql(stray, documentSubject)).toThrow(/outside someGrant/);
  });

  it('refuses to compare a presence-only field with a value in SQL', () => {
    expect(() => conditionSql(subjectField('currentVersion').equals('set'), documentSubject)).toThrow(/only be tested for presence/);
    expect(() => conditionSql(subjectField('nothing').isSet(), documentSubject)).toThrow(/no access field/);
  });
});
