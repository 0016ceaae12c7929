import { describe, expect, it } from 'vitest';
import { auditChanges, auditValueText, humanizeField } from './audit-change';

describe('auditChanges', () => {
  it('lists only the fields that changed, nested values in words rather than JSON', () => {
    expect(
      auditChanges(
        { title: 'Manual', audience: 'everyone', access: [], products: ['R100'] },
        { title: 'Manual, 2nd edition', audience: 'restricted', access: [{ kind: 'account', value: 'ACME-001' }], products: ['R100'] },
      ),
    ).toEqual([
      { field: 'title', before: 'Manual', after: 'Manual, 2nd edition' },
      { field: 'audience', before: 'everyone', after: 'restricted' },
      { field: 'access', before: null, after: 'Kind: account; Value: ACME-001' },
    ]);
  });

  it('shows every field with a value of a creation or a removal, a missing side as null', () => {
    expect(auditChanges(null, { user: 'carla@example.com', expiresAt: null, options: [] })).toEqual([{ field: 'user', before: null, after: 'carla@example.com' }]);
    const format = { label: (field: string) => `<${field}>`, time: () => '1 Dec 2026', yes: 'ja', no: 'nein' };
    expect(auditChanges({ until: '2026-12-01T00:00:00.000Z' }, { until: null }, format)).toEqual([{ field: 'until', before: '1 Dec 2026', after: null }]);
  });

  it('keeps plain values as one row and answers nothing when there is nothing', () => {
    expect(auditChanges('draft', 'published')).toEqual([{ field: '', before: 'draft', after: 'published' }]);
    expect(auditChanges([1, 2], null)).toEqual([{ field: '', before: '1, 2', after: null }]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('puts nested objects, lists and yes/no into words with the labels given, bounded in depth', () => {
    const format = { label: (field: string) => field.toUpperCase(), time: (iso: string) => `at ${iso.slice(0, 10)}`, yes: 'ja', no: 'nein' };
    expect(auditValueText({ version: { resourceVersion: 'B', fileName: 'a.pdf' }, enabled: false, at: '2026-11-24T10:00:00Z' }, format)).toBe(
      'VERSION: RESOURCEVERSION: B; FILENAME: a.pdf; ENABLED: nein; AT: at 2026-11-24',
    );
    expect(auditValueText({ a: { b: { c: { d: { e: 1 } } } } })).toBe('A: B: C: D: …');
    expect(humanizeField('expiresAt')).toBe('Expires at');
    expect(humanizeField('object_kind')).toBe('Object kind');
  });
});
