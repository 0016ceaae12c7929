import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tableReferences } from './test/table-references.ts';

/*
 * One owner per table (docs/architecture.md, "Who owns which table"): a table belongs to the module
 * (or auth, or the platform) whose `*.tables.ts` declares it, and only that owner's code queries it.
 * The others call the owner's public entry. Demo content, test support and migrations are exempt,
 * as they are from the import rules.
 */

const srcDir = dirname(fileURLToPath(import.meta.url));

/** Production source files under a folder (tests and their fixtures left out, as are migrations). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !/(\.test|\.fixture|-test-fixtures)\.ts$/.test(name))
    .map((name) => join(dir, name))
    .filter((file) => !file.includes(`${sep}migrations${sep}`));
}

/** Who a file belongs to: its module under modules/, else its top folder (auth, platform, previews …). */
function ownerOf(file: string): string {
  const parts = relative(srcDir, file).split(sep);
  return parts[0] === 'modules' && parts.length > 2 ? parts[1]! : parts[0]!;
}

/** The tables each owner declares: the keys of the `…Tables` interface in its `*.tables.ts`. */
function declaredOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  const tableFiles = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tables.ts'));
  for (const name of tableFiles) {
    const file = join(srcDir, name);
    const composed = /export interface \w+Tables \{([^}]*)\}/.exec(readFileSync(file, 'utf8'));
    if (!composed) throw new Error(`${name} declares no …Tables interface`);
    for (const [, table] of composed[1]!.matchAll(/^\s*(\w+):/gm)) {
      if (owners.has(table!)) throw new Error(`${table} is declared twice`);
      owners.set(table!, ownerOf(file));
    }
  }
  return owners;
}

const owners = declaredOwners();
const knownTables = new Set(owners.keys());

/**
 * Queries of a table another owner holds that have not moved behind the owner's entry yet, as
 * `<file under src> <table>`. This list only shrinks: an entry that no longer matches fails the test.
 */
const notYetMoved: readonly string[] = [
];

/** Every query of a table its file's owner does not own, as `<file> <table>` with the lines. */
function crossOwnerQueries(files: readonly string[]): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const file of files) {
    const owner = ownerOf(file);
    for (const reference of tableReferences(file, readFileSync(file, 'utf8'), knownTables)) {
      if (owners.get(reference.table) === owner) continue;
      const key = `${relative(srcDir, file).split(sep).join('/')} ${reference.table}`;
      found.set(key, [...(found.get(key) ?? []), reference.line]);
    }
  }
  return found;
}

describe('one owner per table', () => {
  const scanned = ['modules', 'previews', 'auth', 'platform'].flatMap((folder) => sourceFiles(join(srcDir, folder)));
  const crossing = crossOwnerQueries(scanned);

  it('declares every table of the database in exactly one owner’s table file', () => {
    const schema = readFileSync(join(srcDir, 'platform', 'db', 'schema.ts'), 'utf8');
    const composed = [...schema.matchAll(/^\s+(\w+Tables),?$/gm)].map((match) => match[1]);
    expect(owners.size).toBeGreaterThan(40);
    expect(composed.length).toBeGreaterThan(15);
  });

  it('has no module query a table it does not own, beyond the shrinking list of queries still to move', () => {
    const unexpected = [...crossing].filter(([key]) => !notYetMoved.includes(key)).map(([key, lines]) => `${key} (lines ${lines.join(', ')})`);
    expect(unexpected).toEqual([]);
  });

  it('keeps the list of queries still to move free of entries that no longer cross', () => {
    expect(notYetMoved.filter((key) => !crossing.has(key))).toEqual([]);
  });

  it('finds the queries at all (the scan reads the real code)', () => {
    const own = scanned.flatMap((file) => tableReferences(file, readFileSync(file, 'utf8'), knownTables));
    expect(own.length).toBeGreaterThan(200);
  });
});

describe('the table scan', () => {
  const tables = new Set(['documents', 'document_versions', 'favorites', 'search_vocabulary']);
  const scan = (code: string) => tableReferences('probe.ts', code, tables).map((reference) => reference.table).sort();

  it('sees the builder, joins, subqueries from an expression builder and raw SQL', () => {
    expect(scan("db.selectFrom('documents as d').innerJoin('document_versions as v', 'v.documentId', 'd.id')")).toEqual(['document_versions', 'documents']);
    expect(scan("db.deleteFrom('favorites'); db.updateTable('documents').set(row); trx.insertInto('document_versions')")).toEqual(['document_versions', 'documents', 'favorites']);
    expect(scan("db.selectFrom('favorites').where(({ exists, selectFrom }) => exists(selectFrom('documents').select('id')))")).toEqual(['documents', 'favorites']);
    expect(scan("db.selectFrom(['documents', 'favorites'])")).toEqual(['documents', 'favorites']);
    expect(scan('sql`delete from search_vocabulary where documents = 0`.execute(db)')).toEqual(['search_vocabulary']);
    expect(scan('sql<{ n: number }>`SELECT count(*) AS n FROM "documents" d JOIN document_versions v ON v.id = d.id`')).toEqual(['document_versions', 'documents']);
    expect(scan("sql`select 1 from ${sql.table('favorites')}`")).toEqual(['favorites']);
  });

  it('resolves a table named by a parameter typed as a union of table names, and flags any other computed name', () => {
    expect(scan("function count(db: Db, table: 'documents' | 'favorites') { return db.selectFrom(table).selectAll(); }")).toEqual(['documents', 'favorites']);
    expect(scan('function count(db: Db, table: keyof Database) { return db.selectFrom(table).selectAll(); }')).toEqual(['?']);
  });

  it('leaves other code alone: unknown tables, columns named like a table, comments', () => {
    expect(scan("db.selectFrom('cte_rows').select('documents'); // selectFrom('documents')")).toEqual([]);
    expect(scan("sql`${sql.ref('search_vocabulary.documents')} + 1`; const documents = findDocuments(db);")).toEqual([]);
  });

  it('makes the ownership check fail on a module querying another’s table', () => {
    const probe = "export const rows = (db: Db) => db.selectFrom('documents').innerJoin('favorites', 'favorites.itemId', 'documents.id').selectAll().execute();";
    const crossings = tableReferences('modules/favorites/probe.repository.ts', probe, knownTables).filter((reference) => owners.get(reference.table) !== 'favorites');
    expect(crossings.map((reference) => reference.table)).toEqual(['documents']);
    expect(owners.get('documents')).toBe('documents');
    expect(owners.get('favorites')).toBe('favorites');
  });
});
