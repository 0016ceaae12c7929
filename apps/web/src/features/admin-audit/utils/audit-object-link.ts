/** Object kinds the writers record, in the order the kind filter offers them (a kind not listed still shows, by name). */
export const auditObjectKinds = [
  'document', 'version', 'product', 'software', 'cad', 'cad-library', 'unit', 'user', 'account',
  'job', 'import', 'handover', 'paper-request', 'feedback', 'maintenance', 'audit',
] as const;

/** The page of an audit entry's object, from its kind and the reference its address uses; null when it has none. */
export function auditObjectPath(kind: string, ref: string | null): string | null {
  if (ref === null || ref === '') return null;
  const part = encodeURIComponent(ref);
  switch (kind) {
    case 'document':
      return `/admin/documents?q=${part}`;
    case 'product':
      return '/admin/products';
    case 'software':
      return `/software/${part}`;
    case 'unit':
      return `/units/${part}`;
    case 'cad-library':
      return `/cadFiles/partnersLibraries#${part}`;
    default:
      return null;
  }
}
