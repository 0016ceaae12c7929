import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { createDocumentMetadataSchema, newVersionMetadataSchema } from '@portal/contracts/admin-documents';
import type { Role } from '@portal/contracts/users';
import { migrateToLatest } from '../apps/api/src/platform/db/migrations/index.ts';
import type { Database } from '../apps/api/src/platform/db/schema.ts';
import type { AlertPreferencesTable, FollowsTable } from '../apps/api/src/modules/alerts/alert.tables.ts';
import type { UsersTable } from '../apps/api/src/modules/users/user.tables.ts';
import { completeJob } from '../apps/api/src/platform/jobs/job.repository.ts';
import { createFileStorage } from '../apps/api/src/platform/storage/create-file-storage.ts';
import { addVersion, createDocument, storeUpload } from '../apps/api/src/modules/admin-documents/index.ts';
import { alertJobHandlers } from '../apps/api/src/modules/alerts/index.ts';
import { createPortalEvents } from '../apps/api/src/event-subscribers.ts';
import { ensureReferenceData } from '../apps/api/src/demo/reference-data.ts';
import { generatePdf } from '../apps/api/src/demo/generate-pdf.ts';
import { numberOption, option } from './support/args.ts';
import { databaseUrlOption, openTargetDatabase, resetPostgresSchema, targetConfig, type BenchTarget } from './support/database.ts';
import { machineSummary, withLoadAverage } from './support/machine.ts';

/*
 * Fan-out of one publication to 10,000 followers (issue 14, item 6). Seeds `--users` users (default
 * 10,000) who all follow one product, a fifth of them mailed at once (preference `immediate`), a
 * fifth with a stored `daily` preference and the rest with none (the default: a daily digest); then
 * publishes a significant version of a manual of that product through the publishing service
 * (`addVersion`: the transaction that queues the `alerts.fanOut` job), and runs that job with the
 * handler the worker registers, as its job runner does (payload, then completion). Times publication →
 * every follower's in-app notification present, and counts the mail jobs queued.
 *
 *   npx tsx bench/alert-fan-out.ts [--users 10000] [--data-dir /tmp/portal-bench-alerts] [--database-url postgres://… (a dedicated database: its schema is reset)]
 */

const userCount = numberOption('users', 10_000);
const target: BenchTarget = { dataDir: resolve(option('data-dir', '/tmp/portal-bench-alerts')), databaseUrl: databaseUrlOption() };
const product = 'ARM6';
const rowsPerInsert = 1000;

type Preference = 'immediate' | 'daily' | 'default';
const preferenceOf = (index: number): Preference => (index % 5 === 0 ? 'immediate' : index % 5 === 1 ? 'daily' : 'default');

/** Customers of 200 accounts, some partners and employees: the access check sees several kinds of viewer. */
function user(index: number, now: string): Insertable<UsersTable> {
  const sub = `bench-user-${index}`;
  const [roles, account]: [Role[], string | null] =
    index % 10 === 0 ? [['partner'], `PARTNER-${index % 20}`] : index % 25 === 1 ? [['employee'], null] : [['customer'], `ACME-${index % 200}`];
  return { id: sub, sub, email: `user${index}@bench.example`, name: `Bench user ${index}`, roles: JSON.stringify(roles), account, firstSeenAt: now, lastSeenAt: now };
}

/** Inserts rows `rowsPerInsert` at a time (multi-row statements, within both databases' parameter limits). */
async function insertInChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) await insert(rows.slice(start, start + rowsPerInsert));
}

async function seedFollowers(db: Kysely<Database>): Promise<void> {
  const now = new Date().toISOString();
  const indexes = Array.from({ length: userCount }, (_, index) => index);
  await db.transaction().execute(async (trx) => {
    await insertInChunks(
      indexes.map((index) => user(index, now)),
      (chunk) => trx.insertInto('users').values(chunk).execute(),
    );
    await insertInChunks(
      indexes.map((index): Insertable<FollowsTable> => ({ userSub: `bench-user-${index}`, kind: 'product', itemId: product, title: 'Six-axis robot ARM-6', createdAt: now })),
      (chunk) => trx.insertInto('follows').values(chunk).execute(),
    );
    const chosen = indexes.filter((index) => preferenceOf(index) !== 'default');
    await insertInChunks(
      chosen.map((index): Insertable<AlertPreferencesTable> => ({
        userSub: `bench-user-${index}`,
        email: preferenceOf(index) === 'immediate' ? 'immediate' : 'daily',
        autoFollowDownloads: 1,
        language: ['en-US', 'fr-FR', 'de-DE'][index % 3]!,
        lastDigestAt: null,
        updatedAt: now,
      })),
      (chunk) => trx.insertInto('alert_preferences').values(chunk).execute(),
    );
  });
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

await rm(target.dataDir, { recursive: true, force: true });
await mkdir(target.dataDir, { recursive: true });
const config = targetConfig(target);
const handle = openTargetDatabase(target);
const { db } = handle;
const events = createPortalEvents(console);
// The worker's own set-up (worker.ts), without the plugins the alert jobs do not use.
const worker = Fastify({ logger: false });
worker.decorate('config', config);
worker.decorate('db', db);
try {
  if (target.databaseUrl) await resetPostgresSchema(handle);
  await migrateToLatest(db);
  await ensureReferenceData(db);
  const storage = await createFileStorage(config);
  const pdf = async (version: string) =>
    storeUpload(
      storage,
      Readable.from([Buffer.from(await generatePdf({ title: 'ARM-6 operating manual', subtitle: `Version ${version}`, sections: [{ heading: 'Safety', paragraphs: ['Generated for the alert fan-out benchmark.'] }] }, 2))]),
      `arm6-manual-${version}.pdf`,
      20 * 1024 * 1024,
    );
  // The manual exists before anyone follows the product: its first version's fan-out job (left queued) would notify nobody.
  const manual = await createDocument(
    { db, events },
    createDocumentMetadataSchema.parse({ serviceRef: 'BENCHARM6OM', title: 'ARM-6 operating manual', typeCode: 'manual', languageCode: 'en', products: [product], resourceVersion: 'A', status: 'published' }),
    await pdf('A'),
  );
  const [, seedMs] = await timed(() => seedFollowers(db));
  const upload = await pdf('B');
  const metadata = newVersionMetadataSchema.parse({ resourceVersion: 'B', changeNote: 'New safety chapter: collaborative operation.', significant: true });

  const started = performance.now();
  const published = await addVersion({ db, events }, manual.id, metadata, upload);
  const publishedMs = performance.now() - started;
  const versionId = published.versions.find((version) => version.resourceVersion === 'B')!.id;
  const job = await db.selectFrom('jobs').selectAll().where('dedupeKey', '=', `alerts.fanOut:${versionId}:published`).executeTakeFirstOrThrow();
  const fanOut = alertJobHandlers(worker)[job.kind]!;
  await fanOut(JSON.parse(job.payload) as unknown, job);
  await completeJob(db, job.id);
  const { count } = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('count')).where('versionId', '=', versionId).executeTakeFirstOrThrow();
  const allPresentMs = performance.now() - started;

  const notified = Number(count);
  if (notified !== userCount) throw new Error(`${notified} notifications instead of ${userCount}`);
  const mailJobs = await db.selectFrom('jobs').select('payload').where('kind', '=', 'alerts.mail').where('status', '=', 'queued').execute();
  const mailed = mailJobs.reduce((sum, row) => sum + (JSON.parse(row.payload) as { ids: string[] }).ids.length, 0);
  const chosen = (preference: Preference) => Array.from({ length: userCount }, (_, index) => index).filter((index) => preferenceOf(index) === preference).length;
  const immediate = chosen('immediate');
  if (mailed !== immediate) throw new Error(`the mail jobs hold ${mailed} notifications instead of ${immediate}`);

  console.log(machineSummary());
  console.log(`database: ${target.databaseUrl ? 'PostgreSQL' : 'SQLite'}; ${userCount} followers of ${product} seeded in ${(seedMs / 1000).toFixed(1)} s`);
  console.log(`preferences: ${immediate} immediate, ${userCount - immediate} daily (${chosen('daily')} chose it, ${chosen('default')} have the default)`);
  console.log(withLoadAverage(`publication (addVersion, committed): ${publishedMs.toFixed(0)} ms`));
  console.log(withLoadAverage(`publication → all ${notified} notifications present: ${(allPresentMs / 1000).toFixed(2)} s (fan-out job ${((allPresentMs - publishedMs) / 1000).toFixed(2)} s)`));
  console.log(`mail jobs queued: ${mailJobs.length} (${mailed} notifications to mail at once); ${userCount - immediate} wait for their daily digest`);
} finally {
  await worker.close();
  await db.destroy();
  await rm(target.dataDir, { recursive: true, force: true });
}
