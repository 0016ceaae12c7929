import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig } from '../apps/api/src/config.ts';
import { seedCad } from '../apps/api/src/demo/cad-seed.ts';
import { openDatabase } from '../apps/api/src/platform/db/database.ts';
import { migrateToLatest } from '../apps/api/src/platform/db/migrations/index.ts';
import { signFileUrl } from '../apps/api/src/platform/delivery/signed-url.ts';
import { createFileStorage } from '../apps/api/src/platform/storage/create-file-storage.ts';
import { startApi } from './support/api-server.ts';
import { numberOption, option } from './support/args.ts';
import { machineSummary } from './support/machine.ts';
import { rssMiB } from './support/rss-sampler.ts';
import { benchCustomer, mintToken } from './support/token.ts';

/*
 * Memory of the real API process across many downloads that do not give their buffers back the
 * simple way: CAD-set zips (text formats are deflated, so zlib, not the socket, sees the pooled
 * chunks) and downloads of a large file that the client abandons after the first chunk. Prints
 * the API's RSS when idle, after a short warm-up and at the end; the end should stay within
 * 50 MiB of the warm-up figure.
 *
 *   npx tsx bench/memory-leak.ts [--zips 1000] [--aborts 1000] [--file-mib 64] [--concurrency 4]
 *     [--data-dir /tmp/portal-bench-memory]
 */

const zips = numberOption('zips', 1000);
const aborts = numberOption('aborts', 1000);
const fileMiB = numberOption('file-mib', 64);
const concurrency = numberOption('concurrency', 4);
const dataDir = resolve(option('data-dir', '/tmp/portal-bench-memory'));
const cadSetPath = 'cad/ARM6/floor,arm-900,flange-iso50';
const secret = randomBytes(32).toString('base64url');

async function* generatedBytes(): AsyncGenerator<Buffer> {
  for (let i = 0; i < fileMiB; i++) yield randomBytes(1024 * 1024);
}

/** Seeds the demo CAD catalogue and one large file; answers the file's storage key. */
async function seed(): Promise<string> {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const { db } = openDatabase({ sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  const storage = await createFileStorage(config);
  await seedCad({ db, storage });
  const big = await storage.put(Readable.from(generatedBytes()));
  await db.destroy();
  return big.key;
}

/** One whole download, read and dropped; answers the byte count. */
function download(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((done, reject) => {
    request(url, { headers }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => done(bytes));
      response.on('error', reject);
    }).on('error', reject).end();
  });
}

/** A download the client hangs up on after its first chunk, like a cancelled save dialog. */
function abortedDownload(url: string): Promise<void> {
  return new Promise((done, reject) => {
    request(url, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      response.once('data', () => {
        response.once('close', () => done());
        response.destroy();
      });
    }).on('error', reject).end();
  });
}

/** Runs `count` tasks, `concurrency` at a time. */
async function repeat(count: number, task: () => Promise<unknown>): Promise<void> {
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started += 1;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));
const cpuModel = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown';

const bigKey = await seed();
// Aborted downloads are logged as warnings, one per download: errors only.
const api = await startApi(dataDir, { FILE_URL_SECRET: secret, LOG_LEVEL: 'error' });
try {
  const headers = { authorization: `Bearer ${await mintToken({ dataDir }, api.baseUrl, benchCustomer)}` };
  const zipUrl = `${api.baseUrl}/api/Content/downloadZip?filePath=${encodeURIComponent(cadSetPath)}`;
  const fileUrl = `${api.baseUrl}${signFileUrl({ storageKey: bigKey, fileName: 'big.bin', mediaType: 'application/octet-stream', userSub: 'bench', disposition: 'attachment', ttlSeconds: 7200 }, secret)}`;
  const rss = () => rssMiB(api.pid) ?? Number.NaN;

  const idle = rss();
  const zipBytes = await download(zipUrl, headers);
  await repeat(20, () => download(zipUrl, headers));
  await repeat(20, () => abortedDownload(fileUrl));
  await settle();
  const warm = rss();

  let started = performance.now();
  await repeat(zips, () => download(zipUrl, headers));
  const zipSeconds = (performance.now() - started) / 1000;
  await settle();
  const afterZips = rss();

  started = performance.now();
  await repeat(aborts, () => abortedDownload(fileUrl));
  const abortSeconds = (performance.now() - started) / 1000;
  await settle();
  const afterAborts = rss();

  const growth = afterAborts - warm;
  console.log(`Machine: ${machineSummary()}; nproc ${availableParallelism()}; ${cpuModel}`);
  console.log(`CAD set ${cadSetPath}: ${(zipBytes / 1024).toFixed(0)} KiB per zip; ${fileMiB} MiB file for the aborted downloads; concurrency ${concurrency}`);
  console.log(`API RSS idle:                         ${idle.toFixed(0)} MiB`);
  console.log(`API RSS after warm-up (20 + 20):      ${warm.toFixed(0)} MiB`);
  console.log(`API RSS after ${zips} zips (${zipSeconds.toFixed(0)} s):      ${afterZips.toFixed(0)} MiB`);
  console.log(`API RSS after ${aborts} aborted downloads (${abortSeconds.toFixed(0)} s): ${afterAborts.toFixed(0)} MiB`);
  console.log(`growth since warm-up: ${growth.toFixed(0)} MiB (target ≤ 50 MiB: ${growth <= 50 ? 'met' : 'MISSED'})`);
  if (growth > 50) process.exitCode = 1;
} finally {
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
}
