import { stat, writeFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config.ts';
import { runCli } from './run-cli.ts';
import { createPortalEvents } from '../event-subscribers.ts';
import { withCommandDatabase } from './command-database.ts';
import { announceOnce } from '../platform/cache-bus/cache-bus.ts';
import { contentTopic } from '../platform/content-kinds/content-generation.ts';
import { createFileStorage } from '../platform/storage/create-file-storage.ts';
import {
  buildImportReport,
  completeDerivedItems,
  ensureCatalogCodes,
  importReportCsv,
  importReportJson,
  importReportText,
  loadImportCatalog,
  planImport,
  runImport,
  type ImportPublication,
} from '../modules/import/index.ts';

/*
 * npm run import -- <folder> [--manifest manifest.csv] [--publish now|<ISO time>] [--concurrency 4] [--report report.csv|report.json]
 * Bulk import of an existing document base into the configured database and file storage.
 * Idempotent and resumable: re-running skips every version already imported with the same bytes.
 * Previews (text, thumbnails, Office PDFs) are queued as jobs and made by the running server.
 * Ends with a report (refused files and why, folder names ignored), also written to --report.
 * New documents are drafts for a publisher to review unless --publish says `now` or a time to publish them at.
 */

const usage = [
  'Usage: npm run import -- <folder> [--manifest manifest.csv] [--publish now|<ISO time>] [--concurrency 4] [--report report.csv|report.json]',
  'New documents come in as drafts for a publisher to review; --publish now publishes them at once, --publish <ISO time> schedules them.',
].join('\n');

/** `--publish`: drafts when left out, `now`, or a future time such as 2027-01-15T08:00:00Z; undefined when it is neither. */
function publicationOption(value: string | undefined, now = Date.now()): ImportPublication | undefined {
  if (value === undefined) return 'draft';
  if (value === 'now') return 'now';
  const at = Date.parse(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && Number.isFinite(at) && at > now ? { at: new Date(at).toISOString() } : undefined;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { manifest: { type: 'string' }, publish: { type: 'string' }, concurrency: { type: 'string', default: '4' }, report: { type: 'string' }, help: { type: 'boolean' } },
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
  const reportPath = values.report ? resolve(from, values.report) : undefined;
  const reportFormat = reportPath ? extname(reportPath).toLowerCase() : undefined;
  if (reportFormat !== undefined && reportFormat !== '.csv' && reportFormat !== '.json') {
    console.error('--report must name a .csv or .json file');
    return 2;
  }
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
    console.error('--concurrency must be a whole number from 1 to 32');
    return 2;
  }

  const publication = publicationOption(values.publish);
  if (publication === undefined) {
    console.error('--publish must be now or a future time such as 2027-01-15T08:00:00Z');
    return 2;
  }

  const config = loadConfig();
  return withCommandDatabase(config, async (db) => {
    const planned = await planImport(folder, manifest, await loadImportCatalog(db));
    const plan = { ...planned, items: await completeDerivedItems(db, planned.items, config.DOCUMENT_REFERENCE_SCHEME) };
    const created = await ensureCatalogCodes(db, plan.items);

    const bar = new cliProgress.SingleBar(
      { format: '{bar} {percentage}% | {value}/{total} files | added {added} | skipped {skipped} | refused {refused} | failed {failed} | ETA {eta_formatted}', noTTYOutput: true, notTTYSchedule: 2000 },
      cliProgress.Presets.shades_classic,
    );
    bar.start(plan.items.length, 0, { added: 0, skipped: 0, refused: 0, failed: 0 });
    const storage = await createFileStorage(config);
    const counts = await runImport({ db, events: createPortalEvents(console), storage, maxBytes: config.UPLOAD_MAX_BYTES, publication }, plan.items, {
      concurrency,
      onProgress: ({ added, skipped, refused, failed }) => bar.update(added + skipped + refused + failed, { added, skipped, refused, failed }),
    });
    bar.stop();
    // The API processes drop their cached search answers now rather than when they expire.
    if (config.REDIS_URL) await announceOnce({ redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX }, contentTopic);
    const report = buildImportReport(plan, counts, created);
    console.log(importReportText(report));
    if (reportPath) {
      await writeFile(reportPath, reportFormat === '.json' ? importReportJson(report) : importReportCsv(report));
      console.log(`Report written to ${reportPath}`);
    }
    return counts.failed > 0 || counts.refused > 0 || plan.problems.length > 0 ? 1 : 0;
  });
}

runCli(main);
