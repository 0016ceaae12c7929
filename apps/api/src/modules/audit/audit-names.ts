import type { Kysely } from 'kysely';
import type { AuditLogEntry } from '@portal/contracts/audit';
import type { Database } from '../../platform/db/schema.ts';
import type { AuditEntriesTable } from './audit.tables.ts';

type Names<T> = (db: Kysely<Database>, ids: readonly string[]) => Promise<Map<string, T>>;

/**
 * How the log names what it shows, handed in by the app (audit-object-names.ts) so that the audit module
 * need not import the modules that import it: each owner's lookup takes every id of its kind on a page at once.
 */
export interface AuditNames {
  /** Name and e-mail of users by subject. */
  people: Names<{ name: string; email: string }>;
  /** Title and page reference of objects by id, per object kind. */
  objects: Readonly<Record<string, Names<{ title: string; ref: string }>>>;
}

const unique = (values: Iterable<string | null>) => [...new Set([...values].filter((value): value is string => value !== null))];

/** The rows with their actor's name and their object's title and reference: one query per owner per page. */
export async function namedEntries<T extends AuditEntriesTable, E>(
  db: Kysely<Database>,
  names: AuditNames,
  rows: readonly T[],
  present: (row: T) => E,
): Promise<Array<E & Pick<AuditLogEntry, 'actorName' | 'objectTitle' | 'objectRef'>>> {
  const accountKinds = new Set(['account', 'user']);
  const subjects = unique([...rows.map((row) => row.actorSub), ...rows.filter((row) => accountKinds.has(row.objectKind)).map((row) => row.objectId)]);
  const kinds = unique(rows.map((row) => row.objectKind)).filter((kind) => names.objects[kind] !== undefined);
  const [people, ...objects] = await Promise.all([
    names.people(db, subjects),
    ...kinds.map((kind) => names.objects[kind]!(db, unique(rows.filter((row) => row.objectKind === kind).map((row) => row.objectId)))),
  ]);
  const byKind = new Map(kinds.map((kind, index) => [kind, objects[index]!]));
  return rows.map((row) => {
    const person = accountKinds.has(row.objectKind) ? people.get(row.objectId) : undefined;
    const object = byKind.get(row.objectKind)?.get(row.objectId) ?? (person && { title: `${person.name} <${person.email}>`, ref: null });
    return {
      ...present(row),
      actorName: (row.actorSub !== null ? people.get(row.actorSub)?.name : undefined) ?? null,
      objectTitle: object?.title ?? null,
      objectRef: object?.ref ?? null,
    };
  });
}
