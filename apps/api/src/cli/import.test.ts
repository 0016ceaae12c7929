import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import { generatePdf } from '../demo/generate-pdf.ts';
import type { ImportReport } from '../modules/import/index.ts';
import { makeNestedFolder } from '../test/fixtures/nested-folder.fixture.ts';
import { createTestDatabase, testDialects, testPostgresUrl, type TestDatabase } from '../test/test-databases.ts';

const cli = join(import.meta.dirname, 'import.ts');
const documentCount = 25;
const versions = ['A', 'B', 'C'];

/** A folder of distinct small PDFs: 25 documents with 3 versions each, laid out as the import derives them. */
async function makeFolder(): Promise<{ folder: string; sha: Map<string, string> }> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-import-src-'));
  const sha = new Map<string, string>();
  await mkdir(join(folder, 'manual', 'ARM6+CTRL7'), { recursive: true });
  for (let index = 0; index < documentCount; index += 1) {
    const serviceRef = `D${String(90000000 + index)}`;
    for (const version of versions) {
      const bytes = await generatePdf({ title: `Manual ${index} revision ${version}`, subtitle: serviceRef, sections: [{ heading: 'Scope', paragraphs: [`Version ${version} of ${index}.`] }] });
      await writeFile(join(folder, 'manual', 'ARM6+CTRL7', `${serviceRef}_${version}_en_Manual ${index}.pdf`), bytes);
      sha.set(`${serviceRef}-${version}`, createHash('sha256').update(bytes).digest('hex'));
    }
  }
  return { folder, sha };
}

function startImport(folder: string, env: Record<string, string>, extraArgs: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, folder, '--concurrency', '2', ...extraArgs], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });
  return { child, exited };
}

const countVersions = async (db: Kysely<Database>) => Number((await db.selectFrom('document_versions').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

// One source folder for both databases: the CLI only reads it.
const source = await makeFolder();
afterAll(() => rm(source.folder, { recursive: true, force: true }));

describe.each(await testDialects())('import CLI on %s', (dialect) => {
  let dataDir: string;
  let env: Record<string, string>;
  let db: Kysely<Database>;
  let pgDatabase: TestDatabase | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-import-data-'));
    env = { DATA_DIR: dataDir };
    if (dialect === 'postgres') {
      pgDatabase = await createTestDatabase('postgres');
      const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(pgDatabase.db);
      const url = new URL(testPostgresUrl);
      url.searchParams.set('options', `-c search_path=${rows[0].schema}`);
      env.DATABASE_URL = url.toString();
      db = pgDatabase.db;
    }
  });
  afterAll(async () => {
    if (pgDatabase) await pgDatabase.destroy();
    else await db?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('survives a SIGKILL mid-way: the re-run completes it, every document whole and none twice; a third run adds nothing', async () => {
    // Published at once (--publish now), as a migration of a live document base would be: the search index holds them.
    const first = startImport(source.folder, env, ['--publish', 'now']);
    if (dialect === 'sqlite') {
      // The CLI creates the database file; open it once it exists.
      for (let tries = 0; !db && tries < 300; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        try {
          const handle = openDatabase({ sqliteFile: join(dataDir, 'portal.sqlite') });
          await handle.db.selectFrom('document_versions').select('id').limit(1).execute();
          db = handle.db;
        } catch {
          // not migrated yet
        }
      }
    }
    const total = documentCount * versions.length;
    // Kill once some documents are in (the CLI's start-up takes seconds on a busy machine).
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && first.child.exitCode === null && (await countVersions(db).catch(() => 0)) < 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    first.child.kill('SIGKILL');
    const killed = await first.exited;
    expect(killed.signal).toBe('SIGKILL');
    const afterKill = await countVersions(db);
    expect(afterKill).toBeGreaterThanOrEqual(10);
    expect(afterKill).toBeLessThan(total);

    const second = await startImport(source.folder, env, ['--publish', 'now']).exited;
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(new RegExp(`added ${total - afterKill}, skipped ${afterKill}, refused 0, failed 0`));

    const documents = await db.selectFrom('documents').select(['id', 'serviceRef', 'currentVersionId']).execute();
    expect(documents).toHaveLength(documentCount);
    const rows = await db.selectFrom('document_versions').select(['id', 'documentId', 'resourceVersion', 'sha256', 'storageKey']).execute();
    expect(rows).toHaveLength(total);
    for (const document of documents) {
      const own = rows.filter((row) => row.documentId === document.id);
      expect(own.map((row) => row.resourceVersion).sort()).toEqual(versions);
      expect(own.find((row) => row.resourceVersion === 'C')?.id).toBe(document.currentVersionId);
      for (const row of own) {
        expect(row.sha256).toBe(source.sha.get(`${document.serviceRef}-${row.resourceVersion}`));
        const stored = await readFile(join(dataDir, 'files', row.storageKey));
        expect(createHash('sha256').update(stored).digest('hex')).toBe(row.sha256);
      }
    }
    const indexed = await db.selectFrom('document_search').select('documentId').execute();
    expect(indexed).toHaveLength(documentCount);

    const third = await startImport(source.folder, env, ['--publish', 'now']).exited;
    expect(third.code, third.output).toBe(0);
    expect(third.output).toContain(`added 0, skipped ${total}, refused 0, failed 0`);
    expect(await countVersions(db)).toBe(total);
  });

  // Issue 13: a nested folder imported 1 file of 337; TIFF, late-header PDFs and old Word files were refused.
  it('imports a nested folder of unknown folder names, TIFF, a late-header PDF and an old Word file, and reports the one refusal', async () => {
    const nested = await makeNestedFolder();
    const reportFile = join(dataDir, 'report.json');
    try {
      const run = await startImport(nested.folder, env, ['--report', reportFile]).exited;
      expect(run.code, run.output).toBe(1);
      expect(run.output).toContain(`refused: ${nested.unreadable}: The file's content (unrecognised) does not match its extension .pdf.`);
      expect(run.output).toContain('folder name ignored (not a document type or product): Scans (old) (2 files)');
      expect(run.output).toContain(`added ${nested.importable.length}, skipped 0, refused 1, failed 0, not importable 0`);
      const report = JSON.parse(await readFile(reportFile, 'utf8')) as ImportReport;
      expect(report.files.filter((file) => file.outcome === 'added').map((file) => file.path).sort()).toEqual([...nested.importable].sort());
      // Without --publish every new document is a draft for a publisher to review.
      const added = report.files.flatMap((file) => (file.outcome === 'added' && file.documentId ? [file.documentId] : []));
      expect(added).toHaveLength(nested.importable.length);
      const states = await db.selectFrom('documents').select('status').where('id', 'in', added).execute();
      expect(new Set(states.map((row) => row.status))).toEqual(new Set(['unpublished']));
      expect(report.files.filter((file) => file.outcome === 'refused')).toEqual([
        { path: nested.unreadable, outcome: 'refused', reason: "The file's content (unrecognised) does not match its extension .pdf." },
      ]);
      const csv = await startImport(nested.folder, env, ['--report', join(dataDir, 'report.csv')]).exited;
      expect(csv.output).toContain(`added 0, skipped ${nested.importable.length}, refused 1, failed 0`);
      expect(await readFile(join(dataDir, 'report.csv'), 'utf8')).toContain(`"${nested.unreadable}","refused",`);
    } finally {
      await rm(nested.folder, { recursive: true, force: true });
    }
  });
});
