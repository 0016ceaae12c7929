/** One changed field of an audit entry, its values as short text (null when the side has no value). */
export interface AuditChange {
  /** The field's name; empty when the entry's before/after are plain values rather than objects. */
  field: string;
  before: string | null;
  after: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as one line: text as it is, anything else as compact JSON. */
export function auditValueText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The fields that differ between an entry's before and after, in a stable order: for objects, each
 * key whose value changed (all of them when one side is missing); for plain values, one row.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if ((before === null || isRecord(before)) && (after === null || isRecord(after)) && (before !== null || after !== null)) {
    const from = before ?? {};
    const to = after ?? {};
    const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return fields
      .map((field) => ({ field, before: auditValueText(from[field]), after: auditValueText(to[field]) }))
      .filter((change) => before === null || after === null || change.before !== change.after);
  }
  const change = { field: '', before: auditValueText(before), after: auditValueText(after) };
  return change.before === null && change.after === null ? [] : [change];
}
