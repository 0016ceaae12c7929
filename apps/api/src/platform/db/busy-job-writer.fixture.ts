import { randomUUID } from 'node:crypto';
import { completeJob, claimJobs, enqueueJob } from '../jobs/job.repository.ts';
import { openDatabase } from './database.ts';

/*
 * A second process writing to a SQLite file the way the server's job runner does, without a pause,
 * until its standard input closes; then prints `{"writes": n, "errors": [...]}`. Tests run it
 * beside an import to see that neither side loses a write to a locked database.
 *
 *   node busy-job-writer.fixture.ts <sqlite file>
 */

const { db } = openDatabase({ sqliteFile: process.argv[2]! });
const workerId = `writer-${process.pid}`;
let writes = 0;
const errors: string[] = [];
let running = true;
process.stdin.on('end', () => (running = false)).resume();

console.log('ready');
while (running) {
  try {
    await enqueueJob(db, { kind: 'text', payload: { versionId: randomUUID() } });
    for (const job of await claimJobs(db, workerId, 5)) await completeJob(db, job.id);
    // A transaction of several writes, like a job that records its results.
    await db.transaction().execute(async (trx) => {
      await enqueueJob(trx, { kind: 'thumbnail', payload: null });
      await trx.updateTable('jobs').set({ updatedAt: new Date().toISOString() }).where('kind', '=', 'thumbnail').where('status', '=', 'queued').execute();
    });
    writes += 3;
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  // Lets stdin's end be noticed.
  await new Promise((resolve) => setImmediate(resolve));
}
await db.destroy();
console.log(JSON.stringify({ writes, errors: errors.slice(0, 5), errorCount: errors.length }));
