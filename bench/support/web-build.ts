import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './api-server.ts';

/**
 * Builds the web app into `outDir` (not apps/web/dist, which other runs may be serving) and
 * answers how long it took.
 */
export async function buildWeb(outDir: string): Promise<number> {
  const started = performance.now();
  await promisify(execFile)(resolve(repoRoot, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: resolve(repoRoot, 'apps/web'),
    maxBuffer: 16 * 1024 * 1024,
  });
  return performance.now() - started;
}
