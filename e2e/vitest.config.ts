import { defineConfig } from 'vitest/config';

/*
 * End-to-end tests: real portal servers (built web app, embedded sign-in, SQLite) driven through Debian's Chromium.
 * Most of a spec's time is spent waiting (for a page, a background job, a scheduled minute), not computing, so three
 * projects run side by side (`npm test` here: run-streams.mjs, a Vitest process each), each one file at a time:
 * - `portal-a` and `portal-b`: the specs on a shared demo portal, each stream with a portal of its own (global setup);
 *   a new spec joins `portal-b` unless it is listed for `portal-a` (the two are balanced by their run time);
 * - `own-servers`: the specs that start their own servers (a portal with other settings, a mail server).
 */
const ownServers = ['alerts', 'console', 'first-start', 'maintenance-staff', 'users-console'];
const portalA = ['languages-everywhere', 'console-pages', 'phone-layout', 'navigation'];
const specs = (names: string[]) => names.map((name) => `specs/${name}.e2e.ts`);

const stream = { fileParallelism: false, testTimeout: 60_000, hookTimeout: 180_000 };

export default defineConfig({
  test: {
    projects: [
      { test: { ...stream, name: 'portal-a', include: specs(portalA), globalSetup: ['./support/global-setup.ts'] } },
      {
        test: { ...stream, name: 'portal-b', include: ['specs/**/*.e2e.ts'], exclude: specs([...portalA, ...ownServers]), globalSetup: ['./support/global-setup.ts'] },
      },
      { test: { ...stream, name: 'own-servers', include: specs(ownServers) } },
    ],
  },
});
