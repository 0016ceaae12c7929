// Runs the end-to-end projects of vitest.config.ts side by side, one Vitest process each (Vitest itself runs
// projects whose files go one at a time in a single queue), prefixing every line with its project's name.
// Fails when any project fails. Arguments are passed on to each process (`-- --bail 1`, a reporter…).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

const projects = ['portal-a', 'portal-b', 'own-servers'];
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const passed = process.argv.slice(2);

function run(project) {
  const child = spawn(process.execPath, [vitest, 'run', '--project', project, ...passed], { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`[${project}] ${line}\n`));
  }
  return new Promise((done) => child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(projects.map(run));
for (const [index, code] of codes.entries()) console.log(`[${projects[index]}] ${code === 0 ? 'passed' : `failed (exit code ${code})`}`);
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
