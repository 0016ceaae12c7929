import fp from 'fastify-plugin';

/**
 * Seeds the demo content on the first start (an empty database, SEED_DEMO not `false`) once the
 * server listens, in the background: the server answers at once and the documents appear within
 * seconds; their previews follow as jobs. Tests build the app without listening, so they never seed.
 */
export const demoSeedPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    if (!enabled) return;
    let seeding: Promise<void> | undefined;
    app.addHook('onListen', async () => {
      const started = Date.now();
      // The generators (PDF, Office, images) are loaded only for a first start that seeds.
      const [{ seedDemoContent }, { seedDownloadCentre }] = await Promise.all([
        import('./seed-demo.ts'),
        import('../modules/downloads/download-centre.seed.ts'),
      ]);
      seeding = seedDemoContent(app.previews).then(
        (counts) => {
          if (!counts) return;
          app.log.info({ ...counts, failures: counts.failures.slice(0, 10), ms: Date.now() - started }, 'demo content seeded');
          app.jobs.wake();
        },
        (error: unknown) => app.log.error({ err: error }, 'seeding the demo content failed'),
      ).then(() => seedDownloadCentre(app));
    });
    app.addHook('preClose', async () => {
      await seeding;
    });
  },
  { name: 'demo-seed', dependencies: ['previews', 'jobs'] },
);
