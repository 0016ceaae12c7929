/** Rows grouped by a key, each group in the rows' order. */
export function groupedBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The rows a query finds for `ids`; none, without asking the database, when there are no ids (`in ()` is not SQL). */
export async function rowsForIds<T>(ids: readonly string[], query: (ids: readonly string[]) => Promise<T[]>): Promise<T[]> {
  return ids.length === 0 ? [] : query(ids);
}

/** Each version with its files (those whose `versionId` is the version's id, in the files' order). */
export function versionsWithFiles<V extends { id: string }, F extends { versionId: string }>(versions: readonly V[], files: readonly F[]): Array<V & { files: F[] }> {
  const filesOf = groupedBy(files, (file) => file.versionId);
  return versions.map((version) => ({ ...version, files: filesOf.get(version.id) ?? [] }));
}
