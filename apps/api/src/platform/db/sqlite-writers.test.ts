import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planImport } from '../../modules/import/import-plan.ts';
import { ensureCatalogCodes, runImport } from '../../modules/import/import-runner.ts';
import { LocalFileStorage } from '../storage/local-file-storage.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrations/index.ts';
import { createPortalEvents } from '../../event-subscribers.ts';

describe('SQLite with two writing processes', () => {
  let dir: string;
  const documents = 120;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-sqlite-writers-'));
    await mkdir(join(dir, 'import'));
    for (let n = 1; n <= documents; n++) await writeFile(join(dir, 'import', `D${n}_A_en_Manual ${n}.pdf`), `%PDF-1.4\n% manual ${n}\n`);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // Reliability: `npm run import` beside the running server lost 3 of 337 documents to "database is locked".
  it('loses no write of an import while another process (the server\'s jobs) writes without a pause', async () => {
    const sqliteFile = join(dir, 'portal.sqlite');
    const { db } = openDatabase({ sqliteFile });
    await migrateToLatest(db);

    const writer = spawn(process.execPath, [join(import.meta.dirname, 'busy-job-writer.fixture.ts'), sqliteFile], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: writer.stdout! })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('ready');
    try {
      const plan = await planImport(join(dir, 'import'));
      expect(plan.items).toHaveLength(documents);
      await ensureCatalogCodes(db, plan.items);
      const counts = await runImport({ db, events: createPortalEvents(console), storage: new LocalFileStorage(join(dir, 'files')), maxBytes: 1_000_000 }, plan.items, { concurrency: 4 });
      expect(counts.failures).toEqual([]);
      expect(counts.added).toBe(documents);
      const stored = await db.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      expect(Number(stored.count)).toBe(documents);
    } finally {
      writer.stdin!.end();
      const report = JSON.parse(String((await lines.next()).value)) as { writes: number; errorCount: number; errors: string[] };
      await once(writer, 'exit');
      await db.destroy();
      expect(report.errors).toEqual([]);
      expect(report.writes).toBeGreaterThan(100);
    }
  });
});
