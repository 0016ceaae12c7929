import { defineConfig } from 'vitest/config';

// End-to-end tests: a real portal server (built web app, embedded sign-in, SQLite) driven through
// Debian's Chromium. One browser at a time: the machine has two cores.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
