import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { startApi } from './support/api-server.ts';
import { numberOption, option } from './support/args.ts';
import { benchSerial, seedBenchUnit } from './support/bench-unit.ts';
import { bigPdf } from './support/big-pdf.ts';
import { machineSummary } from './support/machine.ts';
import { rssMiB, sampleRss } from './support/rss-sampler.ts';
import { benchCustomer, mintToken } from './support/token.ts';

/*
 * The machine-readable handover of a unit with N documents (default 50) of a few MB each (PDFs whose pages carry
 * incompressible noise photos, a few hundred MB in all): `GET /api/Units/{serial}/vdi2770` (every PDF through
 * ghostscript to PDF/A, each document container built on disk while the zip streams) and `GET /api/Units/{serial}/aasx`,
 * downloaded by the demo customer from the real API process. Reports the time of each export, the API's RSS before and
 * its peak during the download (target: less than 50 MB growth), the VDI 2770 container's report and the load average.
 *
 *   npx tsx bench/handover-export.ts [--documents 50] [--megabytes 5] [--data-dir /tmp/portal-bench-handover]
 */

const command = 'npx tsx bench/handover-export.ts';
const documentCount = numberOption('documents', 50);
const megabytes = numberOption('megabytes', 5);
const dataDir = resolve(option('data-dir', '/tmp/portal-bench-handover'));
const run = promisify(execFile);
const mib = 1024 * 1024;
/** Five different PDFs (sizes around --megabytes), so that the stored files are not all one. */
const variants = 5;

interface Measured {
  format: string;
  seconds: number;
  bytes: number;
  beforeMiB: number;
  peakMiB: number;
  entries: number;
  report: string;
  loadAtStart: number;
}

/** Downloads one export to a file (the client keeps nothing in memory) while sampling the API's RSS. */
async function measure(pid: number, baseUrl: string, token: string, format: 'vdi2770' | 'aasx', dir: string): Promise<Measured> {
  const file = join(dir, `${format}.zip`);
  const beforeMiB = rssMiB(pid) ?? 0;
  const loadAtStart = loadavg()[0]!;
  const rss = sampleRss(pid, 100);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/Units/${benchSerial}/${format}?language=en`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`the ${format} export answered ${response.status}`);
  await pipeline(Readable.fromWeb(response.body), createWriteStream(file));
  const seconds = (performance.now() - started) / 1000;
  rss.stop();
  const listing = (await run('unzip', ['-l', file], { maxBuffer: 16 * mib })).stdout.trim().split('\n');
  const entries = Number(/(\d+)\s+files?$/.exec(listing.at(-1) ?? '')?.[1] ?? -1);
  const report = format === 'vdi2770' ? (await run('unzip', ['-p', file, 'report.txt'])).stdout.trim() : '';
  const { size } = await stat(file);
  await rm(file);
  return { format, seconds, bytes: size, beforeMiB, peakMiB: rss.peakMiB(), entries, report, loadAtStart };
}

const pdfs = await Promise.all(Array.from({ length: variants }, (_, index) => bigPdf(4, megabytes - 1 + index * 0.5)));
const sourceBytes = await seedBenchUnit({ dataDir, documentCount, benchName: 'bench handover-export', pdfOf: async (index) => pdfs[index % variants]!, maxBytes: 64 * mib });
console.log(`seeded ${documentCount} documents, ${(sourceBytes / mib).toFixed(0)} MiB`);

const work = await mkdtemp(join(tmpdir(), 'portal-bench-handover-'));
const api = await startApi(dataDir);
const results: Measured[] = [];
try {
  const token = await mintToken({ dataDir }, api.baseUrl, benchCustomer);
  // One small request first: the routes' modules are loaded before the baseline is taken.
  await fetch(`${api.baseUrl}/api/Units/${benchSerial}?language=en`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.arrayBuffer());
  for (const format of ['vdi2770', 'aasx'] as const) {
    const result = await measure(api.pid, api.baseUrl, token, format, work);
    console.log(`${format}: ${(result.bytes / mib).toFixed(0)} MiB, ${result.entries} entries in ${result.seconds.toFixed(1)} s; API RSS ${result.beforeMiB.toFixed(0)} → peak ${result.peakMiB.toFixed(0)} MiB`);
    results.push(result);
  }
} finally {
  await api.stop();
  await rm(work, { recursive: true, force: true });
}

const section = [
  '## Handover: VDI 2770 container and AASX of a unit (issue 26)',
  '',
  `Command: \`${command} --documents ${documentCount} --megabytes ${megabytes}\``,
  `Machine: ${machineSummary()}; embedded mode (SQLite, local file storage); ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
  `One ARM-6 unit with ${documentCount} PDFs of 4 pages each (${(sourceBytes / mib).toFixed(0)} MiB in all, noise photos on every page).`,
  '',
  '| Export | Size | Entries | Time | API RSS before → peak (growth) | 1-min load at start |',
  '| --- | --- | --- | --- | --- | --- |',
  ...results.map(
    (result) =>
      `| ${result.format} | ${(result.bytes / mib).toFixed(0)} MiB | ${result.entries} | ${result.seconds.toFixed(1)} s | ${result.beforeMiB.toFixed(0)} → ${result.peakMiB.toFixed(0)} MiB (+${(result.peakMiB - result.beforeMiB).toFixed(0)}) | ${result.loadAtStart.toFixed(2)} |`,
  ),
  '',
  'VDI 2770 report:',
  results.find((result) => result.format === 'vdi2770')?.report ?? '',
].join('\n');
console.log(section);
await rm(dataDir, { recursive: true, force: true });
