import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { S3StorageOptions } from '../../../apps/api/src/platform/storage/s3-file-storage.ts';

export interface RunningObjectStore {
  storageOptions: S3StorageOptions & { endpoint: string };
  /** What s3rver reported on stderr (its own failures). */
  log(): string;
  stop(): Promise<void>;
}

/** s3rver with one bucket, in a child process (see s3rver-main.ts). */
export async function startObjectStore(): Promise<RunningObjectStore> {
  const child = spawn(process.execPath, [new URL('./s3rver-main.ts', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-100_000);
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([once(lines, 'line').then(([line]) => String(line)), exited.then(() => undefined)]);
  if (first === undefined) throw new Error(`s3rver did not start:\n${log}`);
  return {
    storageOptions: JSON.parse(first) as S3StorageOptions & { endpoint: string },
    log: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
