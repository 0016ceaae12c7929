import { describe, expect, it } from 'vitest';
import { parseAuditFilters } from '../hooks/use-audit-filters';
import { auditObjectPath } from './audit-object-link';

describe('auditObjectPath', () => {
  it('links each kind with a page to it by its reference, and nothing without one', () => {
    expect(auditObjectPath('document', 'D 1/2')).toBe('/admin/documents?q=D%201%2F2');
    expect(auditObjectPath('software', 'Controller C7')).toBe('/software/Controller%20C7');
    expect(auditObjectPath('unit', 'SN-1')).toBe('/units/SN-1');
    expect(auditObjectPath('cad-library', 'lib')).toBe('/cadFiles/partnersLibraries#lib');
    expect(auditObjectPath('product', 'ARM-6')).toBe('/admin/products');
    expect(auditObjectPath('document', null)).toBeNull();
    expect(auditObjectPath('maintenance', 'x')).toBeNull();
  });
});

describe('parseAuditFilters', () => {
  it('reads the filters of an address, leaving out unknown actions and unreadable times, bounded in length', () => {
    const filters = parseAuditFilters(new URLSearchParams({ actor: ` ${'a'.repeat(400)} `, action: 'hack', objectKind: 'document', from: '2026-11-01T00:00:00Z', to: 'yesterday' }));
    expect(filters).toEqual({ actor: 'a'.repeat(320), action: '', objectKind: 'document', objectId: '', from: '2026-11-01T00:00:00.000Z', to: '' });
    expect(parseAuditFilters(new URLSearchParams('action=grant')).action).toBe('grant');
  });
});
