import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { AccessRule } from '@portal/contracts/admin-documents';
import { migrateToLatest } from '../apps/api/src/platform/db/migrations/index.ts';
import type { Database } from '../apps/api/src/platform/db/schema.ts';
import { insertDocument, insertVersion, replaceAccessRules, replaceProducts } from '../apps/api/src/modules/documents/index.ts';
import { upsertVersionText } from '../apps/api/src/modules/documents/document.repository.ts';
import { reindexDocument } from '../apps/api/src/modules/search/search-index.repository.ts';
import { VocabularyChanges } from '../apps/api/src/modules/search/search-vocabulary.repository.ts';
import { documentTypes, ensureReferenceData, products } from '../apps/api/src/demo/reference-data.ts';
import { LocalFileStorage } from '../apps/api/src/platform/storage/local-file-storage.ts';
import { numberOption, option } from './support/args.ts';
import { databaseUrlOption, openTargetDatabase, postgresHasTables, resetPostgresSchema, type BenchTarget } from './support/database.ts';
import { prose, random, vocabulary, zipfSampler } from './support/corpus.ts';
import { machineSummary } from './support/machine.ts';

/*
 * Seeds N documents (default 100,000) with about two pages of generated text each into a fresh
 * DATA_DIR, through the repository functions the ingest uses (documents, versions, products,
 * audience rules, the current version's text and its search-index row), 1,000 documents per
 * transaction. No files are converted: this measures the database side of an ingest. With
 * --database-url the rows go to that PostgreSQL database (a dedicated one: --replace drops its
 * schema), the placeholder file to DATA_DIR.
 *
 *   npx tsx bench/seed-documents.ts [--count 100000] [--data-dir /tmp/portal-bench] [--database-url postgres://…] [--replace]
 */

const count = numberOption('count', 100_000);
const dataDir = resolve(option('data-dir', '/tmp/portal-bench'));
const target: BenchTarget = { dataDir, databaseUrl: databaseUrlOption() };
const replace = process.argv.includes('--replace');
const batchSize = 1000;
const languages = ['en', 'de', 'fr', 'es', 'it', 'zh', 'ja'];

const next = random(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
const word = zipfSampler(vocabulary(), next);

function audienceRules(i: number): AccessRule[] {
  if (i % 20 === 7) return [{ kind: 'account', value: 'ACME-001' }] as AccessRule[];
  if (i % 10 === 3) return [{ kind: 'role', value: 'partner' }] as AccessRule[];
  return [];
}

async function insertBatch(db: Kysely<Database>, from: number, to: number, storageKey: string, sha256: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const vocabulary = new VocabularyChanges();
    for (let i = from; i < to; i++) {
      const id = `bench-${i}`;
      const type = pick(documentTypes);
      const product = pick(products);
      const versionCount = next() < 0.25 ? 2 : 1;
      const versionIds = Array.from({ length: versionCount }, (_, v) => `${id}-${'AB'[v]}`);
      const now = new Date(Date.UTC(2019, 0, 1) + i * 2_000_000).toISOString();
      const rules = audienceRules(i);
      await insertDocument(trx, {
        id,
        serviceRef: `B${String(i).padStart(7, '0')}`,
        variantGroup: `group-${Math.floor(i / 2)}`,
        title: `${product.name} ${type.name.toLowerCase()}: ${word()} ${word()} ${word()}`,
        typeCode: type.code,
        languageCode: i % 2 === 0 ? 'en' : pick(languages),
        downloadable: i % 25 === 5 ? 0 : 1,
        audience: rules.length > 0 ? 'restricted' : 'everyone',
        currentVersionId: versionIds.at(-1)!,
        createdAt: now,
        updatedAt: now,
      });
      for (const [v, versionId] of versionIds.entries()) {
        await insertVersion(trx, {
          id: versionId,
          documentId: id,
          resourceVersion: 'AB'[v],
          fileName: `${type.code}-${i}-${'AB'[v]}.pdf`,
          size: 4096,
          mediaType: 'application/pdf',
          sha256,
          storageKey,
          publishedAt: new Date(Date.parse(now) + v * 86_400_000).toISOString(),
          pageCount: 2,
          thumbnailKey: null,
          previewPdfKey: null,
          posterKey: null,
          previewError: null,
          createdAt: now,
        });
      }
      await replaceProducts(trx, id, next() < 0.3 ? [product.code, pick(products).code] : [product.code]);
      await replaceAccessRules(trx, id, rules, null, now);
      await upsertVersionText(trx, versionIds.at(-1)!, prose(word, next));
      await reindexDocument(trx, id, vocabulary);
    }
    await vocabulary.write(trx);
  });
}

/** An empty DATA_DIR and database, or an error unless --replace allows emptying them. */
async function startAfresh(): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!replace) throw new Error(`${dataDir} is not empty; pass --replace to start afresh`);
    await rm(dataDir, { recursive: true, force: true });
  }
  await mkdir(dataDir, { recursive: true });
  if (!target.databaseUrl) return;
  const handle = openTargetDatabase(target);
  try {
    if (await postgresHasTables(handle)) {
      if (!replace) throw new Error('The database is not empty; pass --replace to drop its schema and start afresh');
      await resetPostgresSchema(handle);
    }
  } finally {
    await handle.db.destroy();
  }
}

/** Size of what the seed wrote: the SQLite file and its log, or the PostgreSQL database. */
async function databaseBytes(db: Kysely<Database>): Promise<number> {
  if (target.databaseUrl) {
    const { rows } = await sql<{ bytes: number }>`select pg_database_size(current_database())::bigint as bytes`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  }
  const sqliteFile = join(dataDir, 'portal.sqlite');
  return ['', '-wal'].map((suffix) => (existsSync(sqliteFile + suffix) ? statSync(sqliteFile + suffix).size : 0)).reduce((a, b) => a + b, 0);
}

async function main(): Promise<void> {
  await startAfresh();
  const { db } = openTargetDatabase(target);
  await migrateToLatest(db);
  await ensureReferenceData(db);
  const stored = await new LocalFileStorage(join(dataDir, 'files')).put(Readable.from([Buffer.from('%PDF-1.4\n% bench placeholder\n')]));

  // Sampled in the loops: with the synchronous SQLite driver the event loop rarely gets to run timers.
  let peakRss = 0;
  const sampleRss = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
  const started = performance.now();
  for (let from = 0; from < count; from += batchSize) {
    await insertBatch(db, from, Math.min(count, from + batchSize), stored.key, stored.sha256);
    sampleRss();
    if ((from + batchSize) % 10_000 === 0) console.log(`${from + batchSize} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const finished = performance.now();
  // Fresh statistics for the planner, rather than whenever autovacuum gets to it.
  if (target.databaseUrl) await sql`analyze`.execute(db);
  const size = await databaseBytes(db);
  await db.destroy();

  const seconds = (finished - started) / 1000;
  console.log(machineSummary());
  console.log(
    `seeded ${count} documents in ${seconds.toFixed(1)} s (${(count / seconds).toFixed(0)} documents/s); ` +
      `database ${(size / 1024 ** 3).toFixed(2)} GiB; peak RSS ${(peakRss / 1024 ** 2).toFixed(0)} MiB; ${target.databaseUrl ? `PostgreSQL, files in ${dataDir}` : dataDir}`,
  );
}

await main();
