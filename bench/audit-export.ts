import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { auditActions } from '@portal/contracts/audit';
import { migrateToLatest } from '../apps/api/src/platform/db/migrations/index.ts';
import { recordAudits, type AuditContext, type AuditEvent } from '../apps/api/src/modules/audit/index.ts';
import { numberOption, option } from './support/args.ts';
import { startApi } from './support/api-server.ts';
import { databaseUrlOption, openTargetDatabase, resetPostgresSchema, targetEnv, type BenchTarget } from './support/database.ts';
import { machineSummary, withLoadAverage } from './support/machine.ts';
import { sampleRss } from './support/rss-sampler.ts';
import { tokenMinter } from './support/token.ts';

/*
 * The audit log's CSV export at scale: writes `--entries` (100,000) chained entries through the audit
 * module's own writer, starts the real API, then times `GET /api/Admin/audit/export` read to the last
 * byte (rows counted), `GET /api/Admin/audit/verify` over the whole chain, and one filtered page. The
 * API's RSS is sampled throughout: the export streams batches, so it must stay flat.
 *
 *   npx tsx bench/audit-export.ts [--entries 100000] [--data-dir /tmp/portal-bench-audit] [--database-url postgres://… (a dedicated database: its schema is reset)]
 */

const entries = numberOption('entries', 100_000);
const target: BenchTarget = { dataDir: resolve(option('data-dir', '/tmp/portal-bench-audit')), databaseUrl: databaseUrlOption() };
const admin = { sub: 'demo-admin', email: 'admin@demo.example', name: 'Adam Admin', roles: ['admin' as const, 'employee' as const], account: null };

const actors: AuditContext[] = Array.from({ length: 50 }, (_, index) => ({
  actor: { sub: `user-${index}`, name: `user${index}@customer${index % 7}.example`, roles: index % 10 === 0 ? ['publisher', 'employee'] : ['customer'], account: `ACME-${index % 7}` },
  address: `10.0.${index}.${(index * 7) % 250}`,
  userAgent: index % 9 === 0 ? '=cmd|calc' : 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  source: 'request',
}));

function event(index: number): AuditEvent {
  const action = auditActions[index % auditActions.length]!;
  return {
    action,
    object: { kind: 'document', id: `doc-${index % 5000}` },
    before: action === 'edit' ? { title: `Manual ${index}`, products: ['ARM6', 'GRIP20'] } : undefined,
    after: { title: `Manual ${index}, revised`, version: { resourceVersion: String.fromCharCode(65 + (index % 26)), fileName: `manual-${index}.pdf`, sha256: 'ab'.repeat(32) } },
  };
}

async function seed(): Promise<number> {
  await rm(target.dataDir, { recursive: true, force: true });
  await mkdir(target.dataDir, { recursive: true });
  const handle = openTargetDatabase(target);
  try {
    if (target.databaseUrl) await resetPostgresSchema(handle);
    await migrateToLatest(handle.db);
    const started = performance.now();
    const batch = 1000;
    for (let first = 0; first < entries; first += batch) {
      const events = Array.from({ length: Math.min(batch, entries - first) }, (_, offset) => event(first + offset));
      await recordAudits(handle.db, actors[(first / batch) % actors.length]!, events);
    }
    return performance.now() - started;
  } finally {
    await handle.db.destroy();
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; 100 ticks a second). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

const seedMs = await seed();
const api = await startApi(target.dataDir, targetEnv(target));
const rss = sampleRss(api.pid);
try {
  const headers = { authorization: `Bearer ${await (await tokenMinter(target, api.baseUrl))(admin)}` };
  const idleMiB = rss.lastMiB();
  const cpuBefore = cpuSeconds(api.pid);
  const [exported, exportMs] = await timed(async () => {
    const response = await fetch(`${api.baseUrl}/api/Admin/audit/export`, { headers });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    return { bytes, rows: lines - 1 };
  });
  const exportCpu = cpuSeconds(api.pid) - cpuBefore;
  const exportPeakMiB = rss.peakMiB();
  if (exported.rows !== entries) throw new Error(`the export held ${exported.rows} rows instead of ${entries}`);
  const [verdict, verifyMs] = await timed(async () => (await fetch(`${api.baseUrl}/api/Admin/audit/verify`, { headers })).json());
  const [, pageMs] = await timed(async () => (await fetch(`${api.baseUrl}/api/Admin/audit?actor=user7%40customer0.example&action=download&pageSize=50`, { headers })).json());

  console.log(machineSummary());
  console.log(`database: ${target.databaseUrl ? 'PostgreSQL' : 'SQLite'}; ${entries} entries written through recordAudits in ${(seedMs / 1000).toFixed(1)} s`);
  console.log(withLoadAverage(`export: ${exported.rows} rows, ${(exported.bytes / 1024 ** 2).toFixed(1)} MiB of CSV in ${(exportMs / 1000).toFixed(2)} s (${Math.round(exported.rows / (exportMs / 1000))} rows/s); the API used ${exportCpu.toFixed(2)} s of CPU for it`));
  console.log(`verify: ${JSON.stringify(verdict)} in ${(verifyMs / 1000).toFixed(2)} s; filtered page (actor + action): ${pageMs.toFixed(0)} ms`);
  console.log(`API RSS: ${idleMiB.toFixed(0)} MiB before the export, peak ${exportPeakMiB.toFixed(0)} MiB until its end, ${rss.peakMiB().toFixed(0)} MiB with the verification`);
} finally {
  rss.stop();
  await api.stop();
  await rm(target.dataDir, { recursive: true, force: true });
}
