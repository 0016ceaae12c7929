import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The API package's folder: `npm start` runs the server from here. */
export const apiDir = resolve(import.meta.dirname, '..');

/**
 * The Node options and entry file of the API's `npm start` script (`node <options> src/server.ts`),
 * so the end-to-end tests and the benchmarks start the server exactly as users do: one place to
 * change them.
 */
export function apiStartArguments(): string[] {
  return apiScriptArguments('start');
}

/** The same for another of the API's node scripts, e.g. `npm run worker` (`node <options> src/worker.ts`). */
export function apiScriptArguments(script: 'start' | 'worker'): string[] {
  const manifest = JSON.parse(readFileSync(resolve(apiDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [command, ...args] = (manifest.scripts[script] ?? '').trim().split(/\s+/);
  if (command !== 'node') throw new Error(`apps/api's ${script} script should run node, not ${command}`);
  return args;
}
