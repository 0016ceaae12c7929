import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../portal-server.ts';
import { startBalancer, type RunningBalancer } from './balancer.ts';
import { startObjectStore } from './object-store.ts';
import { startPortalProcess, waitUntilReady, type PortalProcess } from './portal-process.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

/** Where each process's log is written when the cluster stops, to be read after a run. */
const logDir = resolve(import.meta.dirname, '../../test-output/cluster');

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ApiProcess extends PortalProcess {
  /** The process itself, bypassing the balancer. */
  directUrl: string;
  port: number;
}

export interface RunningCluster {
  /** The balancer: PUBLIC_URL of every process. */
  url: string;
  apis: [ApiProcess, ApiProcess];
  balancer: RunningBalancer;
  database: ScratchDatabase;
  /** Workers started so far, the first one at start. */
  workers: PortalProcess[];
  startWorker(): PortalProcess;
  stop(): Promise<void>;
}

/**
 * The reference topology on one machine: two API processes (no jobs) and a worker, each with an
 * empty DATA_DIR of its own, on a fresh PostgreSQL database, Redis under a fresh key prefix and an
 * s3rver bucket, behind nginx. The API processes start at the same time, as a deployment starts them.
 */
export async function startCluster(): Promise<RunningCluster> {
  const workDir = await mkdtemp(join(tmpdir(), 'portal-cluster-'));
  const cleanups: Array<() => Promise<unknown>> = [() => rm(workDir, { recursive: true, force: true })];
  const processes: PortalProcess[] = [];
  const stop = async () => {
    await Promise.all(processes.map((portal) => portal.killAll()));
    await mkdir(logDir, { recursive: true });
    await Promise.all(processes.map((portal) => writeFile(join(logDir, `${portal.name.replace(/\W+/g, '-')}.log`), portal.log())));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const database: ScratchDatabase = await createScratchDatabase();
    cleanups.push(() => database.drop());
    const s3 = await startObjectStore();
    cleanups.push(async () => {
      await s3.stop();
      await writeFile(join(logDir, 's3rver.log'), s3.log());
    });
    const [balancerPort, ...apiPorts] = [await freePort(), await freePort(), await freePort()];
    const url = `http://localhost:${balancerPort}`;
    const { endpoint, bucket, region, accessKeyId, secretAccessKey } = s3.storageOptions;
    const shared = {
      PUBLIC_URL: url,
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `e2e-cluster-${randomUUID()}:`,
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      LOG_LEVEL: 'info',
    };
    // Each process gets an empty folder of its own: nothing another process needs may live there.
    const emptyDataDir = async (name: string) => {
      const dir = join(workDir, name);
      await mkdir(dir);
      return dir;
    };

    const apis = (await Promise.all(
      apiPorts.map(async (port, index) => {
        const api = startPortalProcess(`API ${index + 1}`, 'start', { ...shared, PORT: String(port), DATA_DIR: await emptyDataDir(`api-${index + 1}`), JOB_CONCURRENCY: '0' });
        processes.push(api);
        return { ...api, port, directUrl: `http://127.0.0.1:${port}` };
      }),
    )) as [ApiProcess, ApiProcess];
    await Promise.all(apis.map((api) => waitUntilReady(api.directUrl, api, 120_000)));
    const balancer = await startBalancer(join(workDir, 'nginx'), balancerPort, apiPorts);
    cleanups.push(() => balancer.stop());

    const workers: PortalProcess[] = [];
    const startWorker = () => {
      const dir = join(workDir, `worker-${workers.length + 1}`);
      mkdirSync(dir);
      const worker = startPortalProcess(`worker ${workers.length + 1}`, 'worker', { ...shared, DATA_DIR: dir, JOB_CONCURRENCY: '2' });
      processes.push(worker);
      workers.push(worker);
      return worker;
    };
    startWorker();
    return { url, apis, balancer, database, workers, startWorker, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
