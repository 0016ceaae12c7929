import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-change';

describe('auditChanges', () => {
  it('lists only the fields that changed, values as text or compact JSON', () => {
    expect(
      auditChanges(
        { title: 'Manual', audience: 'everyone', access: [], products: ['R100'] },
        { title: 'Manual, 2nd edition', audience: 'restricted', access: [{ kind: 'account', value: 'ACME-001' }], products: ['R100'] },
      ),
    ).toEqual([
      { field: 'title', before: 'Manual', after: 'Manual, 2nd edition' },
      { field: 'audience', before: 'everyone', after: 'restricted' },
      { field: 'access', before: '[]', after: '[{"kind":"account","value":"ACME-001"}]' },
    ]);
  });

  it('shows every field of a creation or a removal, a missing side as null', () => {
    expect(auditChanges(null, { user: 'carla@example.com', expiresAt: null })).toEqual([
      { field: 'user', before: null, after: 'carla@example.com' },
      { field: 'expiresAt', before: null, after: null },
    ]);
    expect(auditChanges({ until: '2026-12-01T00:00:00.000Z' }, { until: null })).toEqual([{ field: 'until', before: '2026-12-01T00:00:00.000Z', after: null }]);
  });

  it('keeps plain values as one row and answers nothing when there is nothing', () => {
    expect(auditChanges('draft', 'published')).toEqual([{ field: '', before: 'draft', after: 'published' }]);
    expect(auditChanges([1], null)).toEqual([{ field: '', before: '[1]', after: null }]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});
