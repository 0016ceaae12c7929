import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { auditActions, type AuditAction } from '@portal/contracts/audit';
import { auditQuery, noAuditFilters, type AuditFilters } from '../api/audit-api';

/** Longest filter value read from the address (the API refuses longer ones anyway). */
const maxLength = 320;

const text = (params: URLSearchParams, name: string) => (params.get(name) ?? '').trim().slice(0, maxLength);
const isoOrEmpty = (value: string) => (value !== '' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : '');

/** The filters an address names; unknown actions and unreadable times are left out. */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const action = text(params, 'action');
  return {
    actor: text(params, 'actor'),
    action: (auditActions as readonly string[]).includes(action) ? (action as AuditAction) : '',
    objectKind: text(params, 'objectKind'),
    objectId: text(params, 'objectId'),
    from: isoOrEmpty(text(params, 'from')),
    to: isoOrEmpty(text(params, 'to')),
  };
}

/** The audit log's filters, kept in the address so that reload, back and a pasted link restore the same view. */
export function useAuditFilters(): [AuditFilters, (next: AuditFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseAuditFilters(params), [params]);
  const apply = useCallback((next: AuditFilters) => setParams(new URLSearchParams(auditQuery({ ...noAuditFilters, ...next }))), [setParams]);
  return [filters, apply];
}
