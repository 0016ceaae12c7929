import { defineConfig } from 'vitest/config';

/*
 * End-to-end tests: real portal servers (built web app, embedded sign-in, SQLite) driven through Debian's Chromium,
 * one file at a time (Vitest runs projects whose files go one at a time in a single queue):
 * - `portal-a` and `portal-b`: the specs on a shared demo portal, each project with a portal of its own (global setup);
 *   a new spec joins `portal-b` unless it is listed for `portal-a`;
 * - `own-servers`: the specs that start their own servers (a portal with other settings, a mail server).
 * Run side by side (a Vitest process per project) they took half the time but were flaky on two cores.
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
