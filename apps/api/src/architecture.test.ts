import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The import rules of docs/architecture.md, checked two ways: the lint rule must refuse a new
 * violation, and the code as it stands must keep them (module graph from the relative imports).
 */

const srcDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(srcDir, '../../..');
const modulesDir = join(srcDir, 'modules');
const platformDir = join(srcDir, 'platform');

/** Production source files under a folder (tests and their `*.fixture.ts` helpers left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.fixture.ts'))
    .map((name) => join(dir, name));
}

/** The files a source file imports or re-exports by relative path, resolved to absolute paths. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']*)'|\bimport\(\s*'(\.{1,2}\/[^']*)'\s*\)/g)].map((match) => match[1] ?? match[2]!);
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

/** The module a path lies in (its folder under modules/), or null for anything else. */
function moduleOf(path: string): string | null {
  const inModules = relative(modulesDir, path);
  if (inModules.startsWith('..')) return null;
  const parts = inModules.split(sep);
  return parts.length > 1 ? parts[0]! : null;
}

/** Module-to-module edges, each with the file imports behind it. */
function moduleGraph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const target of relativeImports(file)) {
      const to = moduleOf(target);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), `${relative(srcDir, file)} imports ${relative(srcDir, target)}`]);
    }
  }
  return edges;
}

describe('module graph of apps/api/src/modules', () => {
  const graph = moduleGraph();

  it('has no two modules that import each other', () => {
    const pairs = [...graph.keys()].filter((edge) => {
      const [from, to] = edge.split(' -> ') as [string, string];
      return from < to && graph.has(`${to} -> ${from}`);
    });
    expect(pairs).toEqual([]);
  });

  it('crosses from one module to another only through the public entry (index.ts)', () => {
    const internals = [...graph.values()].flat().filter((line) => !line.endsWith(`${sep}index.ts`));
    expect(internals).toEqual([]);
  });

  it('hands the registries beside the modules (content-kinds.ts) in from app.ts instead of letting modules import them', () => {
    const registries = new Set(readdirSync(modulesDir).filter((name) => name.endsWith('.ts')).map((name) => join(modulesDir, name)));
    const importers = sourceFiles(modulesDir).filter((file) => moduleOf(file) && relativeImports(file).some((target) => registries.has(target)));
    expect(importers).toEqual([]);
  });

  it('is read from the real imports (the scan finds edges between the modules at all)', () => {
    expect(graph.size).toBeGreaterThan(0);
  });
});

/**
 * Writers whose side effects (search index, preview jobs, alerts, statistics, audit) are subscribers of their
 * events (apps/api/src/event-subscribers.ts): they import none of those modules. One line per writer.
 */
const eventDrivenWriters = [
  'modules/admin-documents/admin-document.service.ts',
  // Software and CAD publishing (releases, items, the catalogue): every file of the module.
  ...sourceFiles(join(modulesDir, 'admin-software')).map((file) => relative(srcDir, file)),
];
const sideEffectFolders = ['modules/search', 'modules/previews', 'previews', 'modules/alerts', 'modules/statistics', 'modules/audit'];

describe('side effects through events', () => {
  const inFolder = (target: string) => sideEffectFolders.find((folder) => !relative(join(srcDir, folder), target).startsWith('..'));

  it('leaves the writers of published content calling none of search, previews, alerts, statistics or audit', () => {
    const calls = eventDrivenWriters.flatMap((file) =>
      relativeImports(join(srcDir, file))
        .filter((target) => inFolder(target))
        .map((target) => `${file} imports ${relative(srcDir, target)}`),
    );
    expect(calls).toEqual([]);
  });

  it('reads the writers as they are (each exists and imports something the check can see)', () => {
    for (const file of eventDrivenWriters) expect(relativeImports(join(srcDir, file)).length, file).toBeGreaterThan(0);
    expect(inFolder(join(srcDir, 'modules/search/index.ts'))).toBe('modules/search');
    expect(inFolder(join(srcDir, 'previews/enqueue-preview-jobs.ts'))).toBe('previews');
    expect(inFolder(join(srcDir, 'modules/documents/index.ts'))).toBeUndefined();
  });
});

/** Kysely's query builder and raw SQL: what only a repository (or a migration) may write. */
const queryBuilderCall = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^`\n]*)?`|\bsql\.(raw|ref|id|lit|join|table|val|value)\(/;

describe('SQL only in repositories', () => {
  const queryingFiles = sourceFiles(modulesDir)
    .filter((file) => !file.endsWith('.repository.ts') && !file.includes(`${sep}migrations${sep}`))
    .filter((file) => queryBuilderCall.test(readFileSync(file, 'utf8')))
    .map((file) => relative(modulesDir, file).split(sep).join('/'));

  it('builds queries in a module only in its repositories (and migrations)', () => {
    expect(queryingFiles).toEqual([]);
  });

  it('recognises the query builder and raw SQL, and leaves other code alone', () => {
    const queries = [
      "db.selectFrom('users').selectAll()",
      "await trx\n  .insertInto('documents')",
      "db.updateTable('documents').set(row)",
      "db.deleteFrom('favorites')",
      'sql`SELECT 1`.execute(db)',
      'sql<{ n: number }>`SELECT count(*) AS n`',
      'sql.ref(column)',
    ];
    expect(queries.filter((code) => !queryBuilderCall.test(code))).toEqual([]);
    const plain = ['const sqlText = loadFile();', 'deps.db.transaction().execute(work)', "findDocumentById(db, 'id')", '// selectFrom in a comment without a call'];
    expect(plain.filter((code) => queryBuilderCall.test(code))).toEqual([]);
  });
});

describe('code beside the modules (demo, cli, previews, test support)', () => {
  it('imports a module only through its public entry (index.ts)', () => {
    const internals = ['demo', 'cli', 'previews', 'test']
      .flatMap((folder) => sourceFiles(join(srcDir, folder)))
      .flatMap((file) =>
        relativeImports(file)
          .filter((target) => moduleOf(target) && !target.endsWith(`${sep}index.ts`))
          .map((target) => `${relative(srcDir, file)} imports ${relative(srcDir, target)}`),
      );
    expect(internals).toEqual([]);
  });
});

describe('the platform layer', () => {
  const schemaFile = join(platformDir, 'db', 'schema.ts');

  it('imports no module, feature or demo content (schema.ts only the owners’ table files)', () => {
    const upward = sourceFiles(platformDir).flatMap((file) =>
      relativeImports(file)
        .filter((target) => relative(platformDir, target).startsWith('..'))
        .filter((target) => !(file === schemaFile && target.endsWith('.tables.ts')))
        .map((target) => `${relative(srcDir, file)} imports ${relative(srcDir, target)}`),
    );
    expect(upward).toEqual([]);
  });

  it('composes the Database in schema.ts from the owners’ table files, for their types only', () => {
    const text = readFileSync(schemaFile, 'utf8');
    const tableImports = [...text.matchAll(/^import (type )?\{[^}]*\} from '([^']+\.tables\.ts)';$/gm)];
    expect(tableImports.length).toBeGreaterThan(10);
    expect(tableImports.filter((match) => !match[1]).map((match) => match[2])).toEqual([]);
  });
});

describe('file storage', () => {
  it('hides local versus S3: no code outside platform/storage asks which backend it has or where a file lies on disk', () => {
    const storageDir = join(platformDir, 'storage');
    const leaks = sourceFiles(srcDir)
      .filter((file) => relative(storageDir, file).startsWith('..'))
      .filter((file) => /instanceof\s+(LocalFileStorage|S3FileStorage)\b|\.pathOf\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(srcDir, file));
    expect(leaks).toEqual([]);
  });
});

describe('the boundary lint rule', () => {
  const eslint = new ESLint({ cwd: repoRoot });

  async function restrictedImports(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(repoRoot, filePath) });
    return result!.messages.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
  }

  it('refuses a module importing another module’s internals', async () => {
    const code = "import { findDocumentById } from '../documents/document.repository.ts';\nexport const find = findDocumentById;\n";
    expect(await restrictedImports('apps/api/src/modules/favorites/new-feature.ts', code)).toEqual([
      expect.stringContaining('public entry'),
    ]);
  });

  it('refuses the detour through the modules folder as well', async () => {
    const code = "import { findDocumentById } from '../../modules/documents/document.repository.ts';\nexport const find = findDocumentById;\n";
    expect(await restrictedImports('apps/api/src/modules/favorites/new-feature.ts', code)).toHaveLength(1);
  });

  it('lets a module import another through its index.ts, and its own files freely', async () => {
    const code = [
      "import { findDocumentById } from '../documents/index.ts';",
      "import { listFavoriteRows } from './favorite.repository.ts';",
      'export const both = [findDocumentById, listFavoriteRows];',
      '',
    ].join('\n');
    expect(await restrictedImports('apps/api/src/modules/favorites/new-feature.ts', code)).toEqual([]);
  });

  it('refuses the platform importing a module, even through its index.ts', async () => {
    const code = "import { documentKind } from '../../modules/documents/index.ts';\nexport const kind = documentKind;\n";
    expect(await restrictedImports('apps/api/src/platform/delivery/new-helper.ts', code)).toHaveLength(1);
  });

  it('lets schema.ts take an owner’s table types, and nothing else of a module', async () => {
    const tables = "import type { DocumentTables } from '../../modules/documents/document.tables.ts';\nexport type T = DocumentTables;\n";
    expect(await restrictedImports('apps/api/src/platform/db/schema.ts', tables)).toEqual([]);
    const value = "import { DocumentTables } from '../../modules/documents/document.tables.ts';\nexport const t = DocumentTables;\n";
    expect(await restrictedImports('apps/api/src/platform/db/schema.ts', value)).toHaveLength(1);
    const repository = "import type { DocumentRow } from '../../modules/documents/document.repository.ts';\nexport type R = DocumentRow;\n";
    expect(await restrictedImports('apps/api/src/platform/db/schema.ts', repository)).toHaveLength(1);
    expect(await restrictedImports('apps/api/src/platform/db/database.ts', tables)).toHaveLength(1);
  });

  it('refuses demo, cli, previews and test support importing a module’s internals, and lets them use its index.ts', async () => {
    const importing = (path: string) => `import { findFamily } from '${path}';\nexport const find = findFamily;\n`;
    const files = [
      ['apps/api/src/demo/new-seed.ts', '../modules/cad'],
      ['apps/api/src/cli/new-command.ts', '../modules/cad'],
      ['apps/api/src/cli/seed-demo.ts', '../modules/cad'],
      ['apps/api/src/previews/new-job.ts', '../modules/cad'],
      ['apps/api/src/test/fuzz/new-fixture.ts', '../../modules/cad'],
    ] as const;
    for (const [filePath, cadModule] of files) {
      expect(await restrictedImports(filePath, importing(`${cadModule}/cad.repository.ts`)), filePath).toEqual([expect.stringContaining('public entry')]);
      expect(await restrictedImports(filePath, importing(`${cadModule}/index.ts`)), filePath).toEqual([]);
    }
  });

  it('still refuses cli and previews importing demo content beside the public-entry rule', async () => {
    const demoData = "import { demoCatalog } from '../demo/demo-catalog.ts';\nexport const data = demoCatalog;\n";
    expect(await restrictedImports('apps/api/src/cli/new-command.ts', demoData)).toHaveLength(1);
    expect(await restrictedImports('apps/api/src/previews/new-job.ts', demoData)).toHaveLength(1);
  });

  it('refuses production code importing demo content, except app.ts taking the seed plugin', async () => {
    const demoData = "import { demoCatalog } from '../../demo/demo-catalog.ts';\nexport const data = demoCatalog;\n";
    expect(await restrictedImports('apps/api/src/modules/software/new-feature.ts', demoData)).toHaveLength(1);
    const seedPlugin = "import { demoSeedPlugin } from './demo/seed.plugin.ts';\nexport const plugin = demoSeedPlugin;\n";
    expect(await restrictedImports('apps/api/src/app.ts', seedPlugin)).toEqual([]);
    const seedData = "import { seedDemoContent } from './demo/seed-demo.ts';\nexport const seed = seedDemoContent;\n";
    expect(await restrictedImports('apps/api/src/app.ts', seedData)).toHaveLength(1);
  });
});

describe('packages Node cannot load as ES modules', () => {
  // aas-core's ES build imports its own files without extensions: fine under the test runner's bundler, fatal in `npm start`.
  const aasCore = /^\s*import\s+(?!type\b)[^;]*from\s+'@aas-core-works\/aas-core3\.0-typescript[^']*'/m;
  const loader = join(modulesDir, 'handover', 'aas-core.ts');

  it('takes aas-core’s values only from its CommonJS loader (type imports are erased)', () => {
    const offenders = sourceFiles(srcDir).filter((file) => file !== loader && aasCore.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => relative(srcDir, file))).toEqual([]);
  });

  it('recognises a value import and lets a type import pass', () => {
    expect(aasCore.test("import * as aas from '@aas-core-works/aas-core3.0-typescript/types';")).toBe(true);
    expect(aasCore.test("import type * as aas from '@aas-core-works/aas-core3.0-typescript/types';")).toBe(false);
  });
});
