import { openDatabase } from '../db/database.ts';
import { JobRunner } from './job-runner.ts';

/*
 * A job runner in a process of its own whose `hang` jobs never finish: it prints `started <workerId>`
 * when it begins one. Tests SIGKILL it there, as a machine or container dies, to see another runner
 * take the job over.
 *
 *   node hanging-runner.fixture.ts <sqlite file | postgres url> [postgres schema]
 */

const [target, pgSchema] = process.argv.slice(2);
const { db } = target!.startsWith('postgres')
  ? openDatabase({ sqliteFile: ':memory:', databaseUrl: target, pgSchema, pgPoolSize: 2 })
  : openDatabase({ sqliteFile: target! });
const silent = () => undefined;
const runner = new JobRunner({
  db,
  log: { info: silent, warn: silent, error: silent },
  concurrency: 1,
  pollIntervalMs: 50,
  handlers: {
    hang: () => {
      console.log(`started ${runner.workerId}`);
      return new Promise<void>(() => undefined);
    },
  },
});
await runner.start();
console.log('ready');
// The open database keeps the process alive; the pending job keeps it busy until it is killed.
setInterval(() => undefined, 60_000);
