import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testFileGroups } from './apps/web/src/test/isolated-test-files';

const webRoot = fileURLToPath(new URL('./apps/web/', import.meta.url));
const webFiles = testFileGroups(webRoot);

// Unit, component and API tests. End-to-end tests have their own config in e2e/.
// The component tests run as two projects of one config: the files that replace a module, a global or
// the clock run isolated (`web-isolated`); the others share their worker's modules and jsdom window
// (`web`), so that Preact, Mantine and jsdom load once per worker instead of once per file.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/api',
      { extends: './apps/web/vitest.config.ts', root: webRoot, test: { name: 'web', isolate: false, exclude: webFiles.isolated } },
      { extends: './apps/web/vitest.config.ts', root: webRoot, test: { name: 'web-isolated', exclude: webFiles.shared } },
    ],
  },
});
