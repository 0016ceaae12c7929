import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';

export interface PendingJobs {
  /** Jobs running or due now (queued, a retry whose time has come), by kind; jobs scheduled for later (the hourly alerts run) do not count. */
  byKind: Record<string, number>;
  total: number;
}

/** The unfinished jobs of a portal's SQLite database (the job runner's own `jobs` table), of these kinds when given. */
export function pendingJobs(dataDir: string, kinds?: readonly string[]): PendingJobs {
  const database = new DatabaseSync(join(dataDir, 'portal.sqlite'), { readOnly: true });
  try {
    const ofKinds = kinds ? `AND kind IN (${kinds.map(() => '?').join(', ')})` : '';
    const rows = database
      .prepare(`SELECT kind, COUNT(*) AS count FROM jobs WHERE (status = 'running' OR (status = 'queued' AND "runAfter" <= ?)) ${ofKinds} GROUP BY kind`)
      .all(new Date().toISOString(), ...(kinds ?? [])) as Array<{ kind: string; count: number }>;
    const byKind = Object.fromEntries(rows.map((row) => [row.kind, Number(row.count)]));
    return { byKind, total: rows.reduce((sum, row) => sum + Number(row.count), 0) };
  } finally {
    database.close();
  }
}

const describe = (pending: PendingJobs) =>
  Object.entries(pending.byKind)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');

/**
 * Waits until the portal's background jobs (the demo's previews: LibreOffice renditions, pdf.js
 * text, thumbnails, ffmpeg) are all done or failed for good, so that a measure does not share the
 * processor with them. Call it after the demo seed has finished: the seed queues the jobs.
 */
export async function waitForBackgroundJobs(
  dataDir: string,
  { timeoutMs = 20 * 60_000, log = console.log, kinds }: { timeoutMs?: number; log?: (line: string) => void; kinds?: readonly string[] } = {},
): Promise<number> {
  const started = Date.now();
  let lastReport = 0;
  for (;;) {
    const pending = pendingJobs(dataDir, kinds);
    if (pending.total === 0) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`background jobs still pending after ${timeoutMs / 1000} s: ${describe(pending)}`);
    if (Date.now() - lastReport >= 10_000) {
      log(`waiting for the background jobs: ${describe(pending)}`);
      lastReport = Date.now();
    }
    await new Promise((wait) => setTimeout(wait, 1_000));
  }
}
