import { mkdir, rm } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/platform/db/database.ts';
import { migrateToLatest } from '../apps/api/src/platform/db/migrations/index.ts';
import { demoBytes } from '../apps/api/src/demo/demo-bytes.ts';
import { insertSoftware } from '../apps/api/src/modules/software/software-writer.repository.ts';
import { createFileStorage } from '../apps/api/src/platform/storage/create-file-storage.ts';
import { startApi } from './support/api-server.ts';
import { numberOption, option } from './support/args.ts';
import { machineSummary } from './support/machine.ts';
import { sampleRss } from './support/rss-sampler.ts';
import { benchCustomer, mintToken } from './support/token.ts';

/*
 * A software version of 2 GiB (several large files, written to storage by streaming generated
 * bytes) downloaded as one zip through GET /api/Content/downloadZip from the real API process:
 * time to the first byte of the zip, throughput, and the API's peak RSS sampled every 100 ms.
 * Prints its figures; the current ones belong in the table of docs/benchmarks.md.
 *
 *   npx tsx bench/zip-stream.ts [--size-gib 2] [--files 8] [--runs 3] [--data-dir /tmp/portal-bench-zip]
 *     [--compare-node-options '--max-semi-space-size=2']
 */

const command = 'npx tsx bench/zip-stream.ts';
const sizeGiB = numberOption('size-gib', 2);
const fileCount = numberOption('files', 8);
const runs = numberOption('runs', 3);
const dataDir = resolve(option('data-dir', '/tmp/portal-bench-zip'));
/** Also measure the API started with these Node options (e.g. `--max-semi-space-size=2`). */
const compareNodeOptions = option('compare-node-options', '');
const equipmentName = 'BenchController';
const versionNumber = '9.0';
const mib = 1024 * 1024;

async function seedVersion(): Promise<number> {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const { db } = openDatabase({ sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  const fileSize = Math.floor((sizeGiB * 1024 * mib) / fileCount);
  const started = performance.now();
  await insertSoftware(db, await createFileStorage(config), {
    equipmentName,
    name: 'Bench controller firmware',
    versions: [{
      number: versionNumber,
      releaseDate: '2026-01-01',
      status: 'current',
      files: Array.from({ length: fileCount }, (_, index) => ({
        fileName: `bench-image-${index + 1}.bin`,
        content: () => demoBytes(`bench-${index}`, fileSize, `bench image ${index + 1}\n`),
      })),
    }],
  });
  await db.destroy();
  console.log(`stored ${fileCount} files of ${(fileSize / mib).toFixed(0)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return fileSize * fileCount;
}

interface Run {
  firstByteMs: number;
  seconds: number;
  bytes: number;
  contentLength: number;
  entries: number;
}

/** The entry count of the zip's end-of-central-directory record (ZIP64 when the plain one says 0xffff). */
function entryCount(tail: Buffer): number {
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) return -1;
  const count = tail.readUInt16LE(end + 10);
  if (count !== 0xffff) return count;
  const zip64 = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
  return zip64 < 0 ? -1 : Number(tail.readBigUInt64LE(zip64 + 32));
}

/** One download by a Node client, read and dropped chunk by chunk, keeping what checks the zip: length and entry count. */
function download(url: string, token: string): Promise<Run> {
  return new Promise((done, reject) => {
    const started = performance.now();
    let firstByteMs = -1;
    let bytes = 0;
    // The last chunks only: enough for the end-of-central-directory record, without copying every chunk.
    let tail: Buffer[] = [];
    request(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`downloadZip answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.on('data', (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        tail.push(chunk);
        if (tail.length > 4 && tail.slice(1).reduce((sum, part) => sum + part.length, 0) >= 65_536) tail = tail.slice(1);
      });
      response.on('end', () =>
        done({
          firstByteMs,
          seconds: (performance.now() - started) / 1000,
          bytes,
          contentLength: Number(response.headers['content-length'] ?? -1),
          entries: entryCount(Buffer.concat(tail)),
        }),
      );
      response.on('error', reject);
    }).on('error', reject).end();
  });
}

/** A timed download by curl (a C client, so the client does not limit the server): first byte, total time, size. */
async function curlDownload(url: string, token: string): Promise<{ firstByteMs: number; seconds: number; bytes: number }> {
  const curl = spawn('curl', ['-s', '-o', '/dev/null', '-H', `authorization: Bearer ${token}`, '-w', '%{http_code} %{time_starttransfer} %{time_total} %{size_download}', url]);
  let out = '';
  curl.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((done) => curl.once('exit', done));
  const [status, firstByte, total, size] = out.trim().split(' ').map(Number) as [number, number, number, number];
  if (status !== 200) throw new Error(`downloadZip answered ${status}`);
  return { firstByteMs: firstByte * 1000, seconds: total, bytes: size };
}

interface Measured {
  label: string;
  runs: Array<{ firstByteMs: number; seconds: number; bytes: number }>;
  idleMiB: number;
  peakMiB: number;
}

/** Starts the API with `env`, checks one zip with the Node client, then times `runs` downloads with curl while sampling RSS. */
async function measure(label: string, env: Record<string, string>, totalBytes: number): Promise<Measured> {
  const api = await startApi(dataDir, env);
  try {
    const token = await mintToken({ dataDir }, api.baseUrl, benchCustomer);
    const url = `${api.baseUrl}/api/Content/downloadZip?filePath=${encodeURIComponent(`software/${equipmentName}/${versionNumber}`)}`;
    const rss = sampleRss(api.pid, 100);
    const idleMiB = rss.lastMiB();
    const check = await download(url, token);
    if (check.bytes !== check.contentLength || check.bytes < totalBytes) throw new Error(`got ${check.bytes} bytes, Content-Length said ${check.contentLength}`);
    if (check.entries !== fileCount) throw new Error(`the zip lists ${check.entries} entries, expected ${fileCount}`);
    console.log(`${label}: check download ${(check.bytes / mib).toFixed(0)} MiB, ${check.entries} entries, first byte ${check.firstByteMs.toFixed(1)} ms`);
    const timed = [];
    for (let run = 1; run <= runs; run++) {
      const result = await curlDownload(url, token);
      timed.push(result);
      console.log(
        `${label}: run ${run}: first byte ${result.firstByteMs.toFixed(1)} ms, ${(result.bytes / mib).toFixed(0)} MiB in ${result.seconds.toFixed(1)} s ` +
          `(${(result.bytes / mib / result.seconds).toFixed(0)} MiB/s), API RSS peak so far ${rss.peakMiB().toFixed(0)} MiB`,
      );
    }
    rss.stop();
    return { label, runs: timed, idleMiB, peakMiB: rss.peakMiB() };
  } finally {
    await api.stop();
  }
}

const totalBytes = await seedVersion();
const loadAtStart = loadavg()[0]!;
const configurations: Array<[string, Record<string, string>]> = [['as `npm start` runs it', {}]];
if (compareNodeOptions) configurations.push([`with NODE_OPTIONS=\`${compareNodeOptions}\``, { NODE_OPTIONS: compareNodeOptions }]);
const measured: Measured[] = [];
for (const [label, env] of configurations) measured.push(await measure(label, env, totalBytes));

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const rows = measured.flatMap(({ label, runs: timed, idleMiB, peakMiB }) => [
  `| API ${label} | time to the first byte of the zip | ${timed.map((run) => `${run.firstByteMs.toFixed(0)} ms`).join(', ')} | ≤ 200 ms: ${verdict(Math.max(...timed.map((run) => run.firstByteMs)) <= 200)} |`,
  `| | throughput | ${timed.map((run) => `${(run.bytes / mib / run.seconds).toFixed(0)} MiB/s`).join(', ')} | — |`,
  `| | API RSS: idle → peak | ${idleMiB.toFixed(0)} MiB → ${peakMiB.toFixed(0)} MiB (${(peakMiB * 1.048576).toFixed(0)} MB; +${(peakMiB - idleMiB).toFixed(0)} MiB during the downloads) | < 300 MB: ${verdict(peakMiB * 1.048576 < 300)} |`,
]);
const section = [
  '## Software version as a zip (issue #5)',
  '',
  `Command: \`${command} --size-gib ${sizeGiB} --files ${fileCount} --runs ${runs}${compareNodeOptions ? ` --compare-node-options '${compareNodeOptions}'` : ''}\``,
  `Machine: ${machineSummary()}; embedded mode (SQLite, local file storage); ${new Date().toISOString().slice(0, 10)};`,
  `1-minute load average when the downloads started: ${loadAtStart.toFixed(1)}${loadAtStart > 2 ? ' (other work shared the 2 cores)' : ''}.`,
  '',
  `A software version of ${fileCount} generated files, ${(totalBytes / 1024 ** 3).toFixed(2)} GiB in all, downloaded as one zip through`,
  '`GET /api/Content/downloadZip` by a customer from the real API process on the same machine: first one download by a',
  'Node client that checks the length and the central directory, then the timed downloads by curl (writing to /dev/null,',
  'so the client does not limit the server). Entries are stored (firmware images do not deflate), so the zip has an exact',
  'Content-Length; files are opened one after the other as the zip writer reaches them and read into a few reused 1 MiB',
  "buffers. API memory is the server process's RSS, idle before the first download, then sampled every 100 ms until the",
  'last one ended. Most of it is the idle process (its modules; the start script keeps V8\'s young generation at 16 MB);',
  'the downloads themselves add the difference.',
  '',
  '| configuration | measure | each run | target |',
  '|---|---|---|---|',
  ...rows,
].join('\n');
console.log(`\n${section}`);
