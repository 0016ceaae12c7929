import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testFileGroups } from './vitest.file-groups';

const apiRoot = fileURLToPath(new URL('./apps/api/', import.meta.url));
const webRoot = fileURLToPath(new URL('./apps/web/', import.meta.url));
const apiFiles = testFileGroups(apiRoot);
const webFiles = testFileGroups(webRoot);

// Unit, component and API tests. End-to-end tests have their own config in e2e/.
// The API and the component tests each run as two projects of one config: the files that replace a
// module, a global or the clock run isolated (`api-isolated`, `web-isolated`); the others share their
// worker's modules (and jsdom window) from file to file (`api`, `web`), so that Fastify, Kysely and the
// app, or Preact, Mantine and jsdom, load once per worker instead of once per file.
// One project of each: `npx vitest run --project 'api*'` (or 'web*').
export default defineConfig({
  test: {
    // Two workers on a two-core machine (Vitest's default leaves one core idle): much of an API test's time is spent
    // waiting for PostgreSQL, a converter or a child process.
    maxWorkers: 2,
    projects: [
      'packages/contracts',
      { extends: './apps/api/vitest.config.ts', root: apiRoot, test: { name: 'api', isolate: false, exclude: apiFiles.isolated } },
      { extends: './apps/api/vitest.config.ts', root: apiRoot, test: { name: 'api-isolated', exclude: apiFiles.shared } },
      { extends: './apps/web/vitest.config.ts', root: webRoot, test: { name: 'web', isolate: false, exclude: webFiles.isolated } },
      { extends: './apps/web/vitest.config.ts', root: webRoot, test: { name: 'web-isolated', exclude: webFiles.shared } },
    ],
  },
});
