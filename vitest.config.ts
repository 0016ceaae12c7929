import { defineConfig } from 'vitest/config';

// Unit, component and API tests. End-to-end tests have their own config in e2e/.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web'],
  },
});
