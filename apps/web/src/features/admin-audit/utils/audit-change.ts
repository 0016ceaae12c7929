/** One changed field of an audit entry, its values as readable text (null when the side has no value). */
export interface AuditChange {
  /** The field's name as stored; empty when the entry's before/after are plain values rather than objects. */
  field: string;
  before: string | null;
  after: string | null;
}

/** How values are put into words: a field's label and a time in the reader's language. */
export interface AuditValueFormat {
  label: (field: string) => string;
  time: (iso: string) => string;
  yes: string;
  no: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `expiresAt` → `Expires at`, `serviceRef` → `Service ref`: the fallback label of a field no text names. */
export function humanizeField(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

export const plainFormat: AuditValueFormat = { label: humanizeField, time: (iso) => iso, yes: 'yes', no: 'no' };

/** Deepest nesting put into words; anything deeper is summarised as "…". */
const maxDepth = 4;

/**
 * A value as one line for a person: text as it is (a time in the reader's format), yes/no, lists joined by
 * commas, objects as "Label: value; Label: value" with readable labels, never raw JSON.
 */
export function auditValueText(value: unknown, format: AuditValueFormat = plainFormat, depth = 0): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return isoTime.test(value) ? format.time(value) : value;
  if (typeof value === 'boolean') return value ? format.yes : format.no;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (depth >= maxDepth) return '…';
  if (Array.isArray(value)) {
    const items = value.map((item) => auditValueText(item, format, depth + 1)).filter((item): item is string => item !== null && item !== '');
    return items.length === 0 ? null : items.join(Array.isArray(value) && value.some(isRecord) ? ' | ' : ', ');
  }
  if (isRecord(value)) {
    const parts = Object.entries(value)
      .map(([key, item]) => [key, auditValueText(item, format, depth + 1)] as const)
      .filter(([, item]) => item !== null)
      .map(([key, item]) => `${format.label(key)}: ${item}`);
    return parts.length === 0 ? null : parts.join('; ');
  }
  return null;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between an entry's before and after, in a stable order: for objects, each
 * key whose value changed (all of them with a value when one side is missing); for plain values, one row.
 */
export function auditChanges(before: unknown, after: unknown, format: AuditValueFormat = plainFormat): AuditChange[] {
  if ((before === null || isRecord(before)) && (after === null || isRecord(after)) && (before !== null || after !== null)) {
    const from = before ?? {};
    const to = after ?? {};
    const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return fields
      .filter((field) => before === null || after === null || !sameValue(from[field], to[field]))
      .map((field) => ({ field, before: auditValueText(from[field], format), after: auditValueText(to[field], format) }))
      // A field empty on both sides (an empty list when created) says nothing.
      .filter((change) => change.before !== null || change.after !== null);
  }
  const change = { field: '', before: auditValueText(before, format), after: auditValueText(after, format) };
  return change.before === null && change.after === null ? [] : [change];
}
