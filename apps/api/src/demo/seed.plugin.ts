import { spawn } from 'node:child_process';
import fp from 'fastify-plugin';
import type { DemoContentState } from '@portal/contracts/health';
import { contentChanged } from '../platform/content-kinds/content-generation.ts';
import { hasAnyDocument } from './demo-content.repository.ts';
import { isSeeded } from './seed-marker.repository.ts';

const seedScript = new URL('../cli/seed-demo.ts', import.meta.url);
// Node's own type stripping runs the script; the environment (DATA_DIR, DATABASE_URL …) is the server's.
const defaultSeedCommand = [process.execPath, seedScript.pathname] as const;

export interface DemoSeedOptions {
  enabled: boolean;
  /** The program and arguments that seed; tests pass a stand-in. */
  seedCommand?: readonly [string, ...string[]];
}

/** How often the log says that the seed still runs. */
const progressEveryMs = 10_000;

/**
 * Seeds the demo content on the first start (an empty database, SEED_DEMO not `false`) once the
 * server listens, in a child process (cli/seed-demo.ts) so that its generators never weigh on the
 * server's memory. The server answers at once (liveness); `/healthz` reports the demo content as
 * `preparing` until the child is done, so the web app can say so and fill its pages in afterwards,
 * and the log shows the progress. Previews follow as jobs, woken when the child is done. Tests build
 * the app without listening, so they never seed.
 */
export const demoSeedPlugin = fp<DemoSeedOptions>(
  async (app, { enabled, seedCommand = defaultSeedCommand }) => {
    if (!enabled) return;
    let state: DemoContentState = 'ready';
    let needed = false;
    let seeding: Promise<void> | undefined;
    let child: ReturnType<typeof spawn> | undefined;
    let closing = false;
    app.decorate('demoContentState', () => state);

    // Decided before the server listens, so that no request sees `ready` in front of an empty portal.
    app.addHook('onReady', async () => {
      needed = !((await hasAnyDocument(app.db)) && (await isSeeded(app.db, 'software')) && (await isSeeded(app.db, 'cad')));
    });
    app.addHook('preClose', async () => {
      closing = true;
      if (child && child.exitCode === null) child.kill('SIGTERM');
      await seeding;
    });
    // Runs in the same turn as the listen callback: the state is `preparing` before the first request.
    app.addHook('onListen', (done) => {
      if (needed) seeding = runSeed();
      done();
    });

    function runSeed(): Promise<void> {
      const [program, ...args] = seedCommand;
      state = 'preparing';
      const started = Date.now();
      app.log.info('preparing the demo content of the first start; the pages fill in by themselves when it is ready');
      const progress = setInterval(() => {
        app.log.info({ seconds: Math.round((Date.now() - started) / 1000) }, 'still preparing the demo content');
      }, progressEveryMs).unref();
      const seed = spawn(program, args, { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
      child = seed;
      return new Promise<void>((done) => {
        const finish = (outcome: DemoContentState) => {
          if (state !== 'preparing') return;
          clearInterval(progress);
          state = outcome;
          // Search counts cached while the portal was empty are outdated now.
          contentChanged();
          app.jobs.wake();
          done();
        };
        seed.once('exit', (code, signal) => {
          if (code === 0) {
            app.log.info({ ms: Date.now() - started }, 'the demo content is ready');
            finish('ready');
          } else if (closing) {
            app.log.info('the demo seed stopped with the server');
            finish('failed');
          } else {
            app.log.error({ code, signal }, 'the demo seed process failed');
            finish('failed');
          }
        });
        seed.once('error', (error) => {
          app.log.error({ err: error }, 'the demo seed process could not start');
          finish('failed');
        });
      });
    }
  },
  { name: 'demo-seed', dependencies: ['jobs'] },
);
