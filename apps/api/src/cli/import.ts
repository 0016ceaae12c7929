import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { ConfigError, loadConfig } from '../config.ts';
import { prepareDataDir } from '../data-dir.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations/index.ts';
import { createFileStorage } from '../platform/storage/create-file-storage.ts';
import { planImport } from '../modules/import/import-plan.ts';
import { ensureCatalogCodes, runImport } from '../modules/import/import-runner.ts';

/*
 * npm run import -- <folder> [--manifest manifest.csv] [--concurrency 4]
 * Bulk import of an existing document base into the configured database and file storage.
 * Idempotent and resumable: re-running skips every version already imported with the same bytes.
 * Previews (text, thumbnails, Office PDFs) are queued as jobs and made by the running server.
 */

const usage = 'Usage: npm run import -- <folder> [--manifest manifest.csv] [--concurrency 4]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { manifest: { type: 'string' }, concurrency: { type: 'string', default: '4' }, help: { type: 'boolean' } },
  });
  if (values.help || positionals.length !== 1) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  // npm runs workspace scripts inside apps/api; paths are meant from where the command was typed.
  const from = process.env.INIT_CWD ?? process.cwd();
  const folder = resolve(from, positionals[0]);
  const manifest = values.manifest ? resolve(from, values.manifest) : undefined;
  if (!(await stat(folder).then((info) => info.isDirectory(), () => false))) {
    console.error(`${folder} is not a folder.\n${usage}`);
    return 2;
  }
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
    console.error('--concurrency must be a whole number from 1 to 32');
    return 2;
  }

  const config = loadConfig();
  await prepareDataDir(config.dataDir, config.DATABASE_URL ? undefined : config.sqliteFile);
  const { db } = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(db);
    const plan = await planImport(folder, manifest);
    for (const problem of plan.problems) console.error(`skipped: ${problem}`);
    const created = await ensureCatalogCodes(db, plan.items);
    if (created.length > 0) console.log(`created ${created.join(', ')}`);

    const bar = new cliProgress.SingleBar(
      { format: '{bar} {percentage}% | {value}/{total} files | added {added} | skipped {skipped} | failed {failed} | ETA {eta_formatted}', noTTYOutput: true, notTTYSchedule: 2000 },
      cliProgress.Presets.shades_classic,
    );
    bar.start(plan.items.length, 0, { added: 0, skipped: 0, failed: 0 });
    const storage = await createFileStorage(config);
    const counts = await runImport({ db, storage, maxBytes: config.UPLOAD_MAX_BYTES }, plan.items, {
      concurrency,
      onProgress: ({ added, skipped, failed }) => bar.update(added + skipped + failed, { added, skipped, failed }),
    });
    bar.stop();
    for (const failure of counts.failures) console.error(`failed: ${failure}`);
    console.log(`Import finished: added ${counts.added}, skipped ${counts.skipped}, failed ${counts.failed}, not importable ${plan.problems.length}`);
    return counts.failed > 0 || plan.problems.length > 0 ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
