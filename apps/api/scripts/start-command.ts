import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The API package's folder: `npm start` runs the server from here. */
export const apiDir = resolve(import.meta.dirname, '..');

/** An API node script: its environment assignments (`NAME=value` before `node`) and node's arguments. */
interface ScriptCommand {
  env: Record<string, string>;
  args: string[];
}

function apiScript(script: 'start' | 'worker'): ScriptCommand {
  const manifest = JSON.parse(readFileSync(resolve(apiDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (manifest.scripts[script] ?? '').trim().split(/\s+/);
  const env: Record<string, string> = {};
  for (let word = words[0]; word !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(word); word = words[0]) {
    const [name, value] = [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)];
    env[name] = value;
    words.shift();
  }
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`apps/api's ${script} script should run node, not ${command}`);
  return { env, args };
}

/**
 * The Node options and entry file of the API's `npm start` script (`node <options> src/server.ts`),
 * so the end-to-end tests and the benchmarks start the server exactly as users do: one place to
 * change them.
 */
export function apiStartArguments(): string[] {
  return apiScript('start').args;
}

/** The same for another of the API's node scripts, e.g. `npm run worker` (`node <options> src/worker.ts`). */
export function apiScriptArguments(script: 'start' | 'worker'): string[] {
  return apiScript(script).args;
}

/** The environment a script sets for node (the C library's memory settings), to be given with its arguments. */
export function apiScriptEnvironment(script: 'start' | 'worker' = 'start'): Record<string, string> {
  return apiScript(script).env;
}
