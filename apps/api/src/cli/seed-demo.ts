import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { seedDownloadCentre } from '../demo/download-centre-seed.ts';
import { detectSystemTools } from '../previews/system-tools.ts';
import { seedDemoContent } from '../demo/seed-demo.ts';
import { withDemoSeedLock } from '../demo/seed-marker.repository.ts';
import { createFileStorage } from '../platform/storage/create-file-storage.ts';
import { createPortalEvents } from '../event-subscribers.ts';

/*
 * The demo content of a first start, made in a process of its own (the server starts it; see
^ * demo/seed.plugin.ts): its generators (PDF, Office files, images, video, CAD) take about 200 MB
 * while they run, which the server never has to hold. Writes to the configured database and
 * storage; the server's jobs make the previews. Logs are JSON lines on stdout, like the server's.
 */

function line(level: 'info' | 'warn' | 'error', details: object, message: string): void {
  const serialised = Object.fromEntries(
    Object.entries(details).map(([key, value]) => [key, value instanceof Error ? { message: value.message, stack: value.stack } : value]),
  );
  console.log(JSON.stringify({ level, time: Date.now(), source: 'demo-seed', ...serialised, msg: message }));
}
const log = {
  info: (details: object, message: string) => line('info', details, message),
  warn: (message: string) => line('warn', {}, message),
  error: (details: object, message: string) => line('error', details, message),
};

async function main(): Promise<number> {
  const config = loadConfig();
  const { db } = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.sqliteFile });
  try {
    const storage = await createFileStorage(config);
    const events = createPortalEvents(log);
    // Every API process starting on an empty database starts a seed: one runs, the others then find its content.
    await withDemoSeedLock(db, async () => {
      const started = Date.now();
      const counts = await seedDemoContent({ db, events, storage, tools: await detectSystemTools(log) });
      if (counts) log.info({ ...counts, failures: counts.failures.slice(0, 10), ms: Date.now() - started }, 'demo content seeded');
      await seedDownloadCentre({ db, events, storage, log });
    });
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) console.error(error.message);
    else log.error({ err: error }, 'seeding the demo content failed');
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
