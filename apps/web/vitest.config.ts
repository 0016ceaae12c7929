import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './preact/aliases';
import { tablerIconsOneByOne } from './src/test/tabler-icons-one-by-one';

export default defineConfig({
  plugins: [tablerIconsOneByOne()],
  // Component tests run on Preact, like the build: Testing Library's Preact flavour (through a small
  // adapter) stands in for the React one.
  resolve: {
    alias: [...preactAliases, { find: /^@testing-library\/react$/, replacement: fileURLToPath(new URL('./src/test/testing-library-preact.ts', import.meta.url)) }],
    // ES modules, as in the build: a CommonJS copy would require React past the aliases.
    conditions: ['module', 'browser'],
    mainFields: ['module', 'browser', 'main'],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    passWithNoTests: true,
    // Libraries that import React go through Vite, so that the aliases above reach them.
    server: { deps: { inline: [/react/, /@mantine/, /mantine-datatable/, /@testing-library/, /use-callback-ref/, /use-sidecar/, /use-sync-external-store/, /zustand/] } },
  },
});
