import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { signFileUrl } from '../apps/api/src/platform/delivery/signed-url.ts';
import { LocalFileStorage } from '../apps/api/src/platform/storage/local-file-storage.ts';
import { numberOption, option } from './support/args.ts';
import { startApi } from './support/api-server.ts';
import { machineSummary } from './support/machine.ts';
import { serveFileWithNginx } from './support/nginx.ts';
import { sampleRss } from './support/rss-sampler.ts';

/*
 * Download throughput of one 1 GiB file through the API's signed `/files/` URL against Debian's
 * nginx serving the same file from the same disk, measured with curl (which writes to /dev/null),
 * alternating the two servers for a few rounds; the API's RSS is sampled throughout.
 *
 *   npx tsx bench/download.ts [--work-dir /tmp/portal-bench-download] [--size-mib 1024] [--rounds 3]
 */

const workDir = resolve(option('work-dir', '/tmp/portal-bench-download'));
const sizeMiB = numberOption('size-mib', 1024);
const rounds = numberOption('rounds', 3);
const secret = randomBytes(32).toString('base64url');

async function* generatedBytes(): AsyncGenerator<Buffer> {
  for (let i = 0; i < sizeMiB; i++) yield randomBytes(1024 * 1024);
}

/** Bytes per second of one full download, as curl measured it. */
async function curlSpeed(url: string): Promise<number> {
  const { stdout } = await promisify(execFile)('curl', ['-sS', '--fail', '-o', '/dev/null', '-w', '%{speed_download} %{size_download}', url]);
  const [speed, size] = stdout.trim().split(' ').map(Number);
  if (size !== sizeMiB * 1024 * 1024) throw new Error(`${url} sent ${size} bytes instead of ${sizeMiB} MiB`);
  return speed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mibPerSecond = (bytesPerSecond: number) => (bytesPerSecond / 1024 ** 2).toFixed(0);

await rm(workDir, { recursive: true, force: true });
await mkdir(workDir, { recursive: true });
const storage = new LocalFileStorage(join(workDir, 'data', 'files'));
const stored = await storage.put(Readable.from(generatedBytes()));
const api = await startApi(join(workDir, 'data'), { FILE_URL_SECRET: secret });
const nginx = await serveFileWithNginx(join(workDir, 'nginx'), storage.pathOf(stored.key), 'big.bin');
const rss = sampleRss(api.pid);
try {
  const path = signFileUrl(
    { storageKey: stored.key, fileName: 'big.bin', mediaType: 'application/octet-stream', userSub: 'bench', disposition: 'attachment', ttlSeconds: 3600 },
    secret,
  );
  const apiUrl = `${api.baseUrl}${path}`;
  await curlSpeed(apiUrl);
  await curlSpeed(nginx.url);
  const speeds = { api: [] as number[], nginx: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    speeds.api.push(await curlSpeed(apiUrl));
    speeds.nginx.push(await curlSpeed(nginx.url));
  }
  const apiSpeed = median(speeds.api);
  const nginxSpeed = median(speeds.nginx);
  console.log(machineSummary());
  console.log(`API /files/: ${speeds.api.map(mibPerSecond).join(', ')} MiB/s (median ${mibPerSecond(apiSpeed)})`);
  console.log(`nginx:       ${speeds.nginx.map(mibPerSecond).join(', ')} MiB/s (median ${mibPerSecond(nginxSpeed)})`);
  console.log(`ratio API / nginx: ${(apiSpeed / nginxSpeed).toFixed(2)}; API peak RSS ${rss.peakMiB().toFixed(0)} MiB`);
} finally {
  rss.stop();
  await nginx.stop();
  await api.stop();
  await rm(workDir, { recursive: true, force: true });
}
