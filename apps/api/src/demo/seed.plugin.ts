import { spawn } from 'node:child_process';
import fp from 'fastify-plugin';
import { isSeeded } from './seed-marker.repository.ts';

const seedScript = new URL('../cli/seed-demo.ts', import.meta.url);

/**
 * Seeds the demo content on the first start (an empty database, SEED_DEMO not `false`) once the
 * server listens, in a child process (cli/seed-demo.ts) so that its generators never weigh on the
 * server's memory: the server answers at once and the documents appear within seconds; their
 * previews follow as jobs, woken when the child is done. Tests build the app without listening,
 * so they never seed.
 */
export const demoSeedPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    if (!enabled) return;
    let seeding: Promise<void> | undefined;
    let child: ReturnType<typeof spawn> | undefined;
    app.addHook('preClose', async () => {
      if (child && child.exitCode === null) child.kill('SIGTERM');
      await seeding;
    });
    app.addHook('onListen', async () => {
      // A seeded database starts no process at all.
      const documents = await app.db.selectFrom('documents').select('id').limit(1).executeTakeFirst();
      if (documents && (await isSeeded(app.db, 'software')) && (await isSeeded(app.db, 'cad'))) return;
      // Node's own type stripping runs the script; the environment (DATA_DIR, DATABASE_URL …) is the server's.
      const started = spawn(process.execPath, [seedScript.pathname], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
      child = started;
      seeding = new Promise<void>((done) => {
        started.once('exit', (code) => {
          if (code !== 0) app.log.error({ code }, 'the demo seed process failed');
          app.jobs.wake();
          done();
        });
        started.once('error', (error) => {
          app.log.error({ err: error }, 'the demo seed process could not start');
          done();
        });
      });
    });
  },
  { name: 'demo-seed', dependencies: ['jobs'] },
);
