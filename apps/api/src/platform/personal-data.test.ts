import { describe, expect, it } from 'vitest';
import { pseudonymised, pseudonymisedJsonText, type Person } from './personal-data.ts';

const person: Person = { userId: 'user-1', sub: 'sub-1', email: 'ann.lee@acme.example', name: 'Ann Lee' };
const replace = (text: string) => pseudonymised(text, person, 'erased-1');

describe('pseudonymised', () => {
  it('replaces the e-mail anywhere and in any case, the name as whole words, ids only as the whole text', () => {
    expect(replace('ANN.LEE@acme.example')).toBe('erased-1');
    expect(replace('ann lee')).toBe('erased-1');
    expect(replace('sub-1')).toBe('erased-1');
    expect(replace('mail to Ann.Lee@ACME.example, cc ann.lee@acme.example')).toBe('mail to erased-1, cc erased-1');
    expect(replace('Checked by Ann Lee, 3 May')).toBe('Checked by erased-1, 3 May');
    expect(replace('Joann Leeds')).toBeUndefined();
    expect(replace('not sub-12 nor user-1x')).toBeUndefined();
    expect(replace('')).toBeUndefined();
  });

  it('leaves short names to whole texts only', () => {
    const li = { ...person, name: 'Li' };
    expect(pseudonymised('Li', li, 'erased-1')).toBe('erased-1');
    expect(pseudonymised('Li Ming wrote', li, 'erased-1')).toBeUndefined();
  });

  it('rewrites JSON values and keys, and answers undefined when nothing names the person', () => {
    expect(pseudonymisedJsonText('{"user":"ann.lee@acme.example","by":{"sub":"sub-1"},"n":3}', person, 'erased-1')).toBe('{"user":"erased-1","by":{"sub":"erased-1"},"n":3}');
    expect(pseudonymisedJsonText('{"ann.lee@acme.example":true}', person, 'erased-1')).toBe('{"erased-1":true}');
    expect(pseudonymisedJsonText('{"user":"bob@acme.example"}', person, 'erased-1')).toBeUndefined();
    expect(pseudonymisedJsonText(null, person, 'erased-1')).toBeUndefined();
  });
});
