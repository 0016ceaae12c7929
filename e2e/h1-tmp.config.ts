import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { name: 'e2e', include: ['specs/cluster.e2e.ts'], globalSetup: ['./support/global-setup.ts'], fileParallelism: false, testTimeout: 60_000, hookTimeout: 180_000 } });
