import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The API package's folder: `npm start` runs the server from here. */
export const apiDir = resolve(import.meta.dirname, '..');

/** How an API node script runs node: the environment it sets (`NAME=value` before `node`) and node's arguments. */
export interface ApiScriptCommand {
  env: Record<string, string>;
  args: string[];
}

const assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/;

/**
 * The API's `npm start` (`MALLOC_…=… node <options> src/server.ts`) or `npm run worker` script as
 * environment and arguments, so the end-to-end tests and the benchmarks start the processes exactly
 * as users do: one place to change them. Spawn `process.execPath` with `args`, and `env` over the
 * inherited environment.
 */
export function apiScriptCommand(script: 'start' | 'worker' = 'start'): ApiScriptCommand {
  const manifest = JSON.parse(readFileSync(resolve(apiDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (manifest.scripts[script] ?? '').trim().split(/\s+/);
  const commandAt = words.findIndex((word) => !assignment.test(word));
  const env = Object.fromEntries(words.slice(0, commandAt).map((word) => assignment.exec(word)!.slice(1, 3)));
  const [command, ...args] = words.slice(commandAt);
  if (command !== 'node') throw new Error(`apps/api's ${script} script should run node, not ${command}`);
  return { env, args };
}
