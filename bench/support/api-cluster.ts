import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startApi, type RunningApi } from './api-server.ts';
import { option } from './args.ts';
import { targetEnv, type BenchTarget } from './database.ts';
import { balanceWithNginx, type RunningNginx } from './nginx.ts';
import { sampleRss } from './rss-sampler.ts';

/** The API as a bench script reaches it: one process directly, or several behind nginx. */
export interface ApiUnderTest {
  baseUrl: string;
  /** Each API process's own address (its metrics are read there). */
  processUrls: string[];
  /** How it was set up, for the report. */
  description: string;
  /** Peak RSS of each API process since the start, in MiB. */
  peakRssMiB(): number[];
  stop(): Promise<void>;
}

/** `--processes N` (default 1) and `--nginx` (always on with N > 1): how many API processes, and whether nginx fronts them. */
export function clusterOptions(): { processes: number; nginx: boolean } {
  const processes = Number(option('processes', '1'));
  if (!Number.isInteger(processes) || processes < 1 || processes > 8) throw new Error('--processes must be a whole number from 1 to 8');
  return { processes, nginx: processes > 1 || process.argv.includes('--nginx') };
}

/**
 * Starts `processes` API processes on the target (same database and DATA_DIR), behind nginx when
 * asked. Every process gets nginx's address as PUBLIC_URL, so a token minted for `baseUrl` is
 * accepted by each of them.
 */
export async function startApiUnderTest(target: BenchTarget, options: { processes: number; nginx: boolean }, env: Record<string, string> = {}): Promise<ApiUnderTest> {
  const processEnv = { ...targetEnv(target), ...env };
  if (!options.nginx) {
    const api = await startApi(target.dataDir, processEnv);
    const rss = sampleRss(api.pid);
    return { baseUrl: api.baseUrl, processUrls: [api.baseUrl], description: '1 API process, direct', peakRssMiB: () => [rss.peakMiB()], stop: async () => (rss.stop(), api.stop()) };
  }
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const apis: RunningApi[] = [];
  let nginx: RunningNginx | undefined;
  const workDir = await mkdtemp(join(tmpdir(), 'portal-bench-nginx-'));
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(apis.map((api) => api.stop()));
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    // One at a time: the first start runs the migrations and stores the shared keys.
    for (let i = 0; i < options.processes; i++) apis.push(await startApi(target.dataDir, { ...processEnv, PUBLIC_URL: publicUrl }));
    nginx = await balanceWithNginx(workDir, port, apis.map((api) => Number(new URL(api.baseUrl).port)));
  } catch (error) {
    await stop();
    throw error;
  }
  const samplers = apis.map((api) => sampleRss(api.pid));
  return {
    baseUrl: nginx.url,
    processUrls: apis.map((api) => api.baseUrl),
    description: `${options.processes} API process${options.processes > 1 ? 'es' : ''} behind nginx`,
    peakRssMiB: () => samplers.map((sampler) => sampler.peakMiB()),
    stop: async () => {
      for (const sampler of samplers) sampler.stop();
      await stop();
    },
  };
}
