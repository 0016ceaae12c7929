import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startPortal, waitForDemoContent, type RunningPortal } from './portal-server.ts';

let portal: RunningPortal | undefined;

export async function setup(project: TestProject): Promise<void> {
  portal = await startPortal();
  // Every spec signs in and looks at the demo content: a page drawn during the first start's seed would miss some.
  await waitForDemoContent(portal.dataDir);
  project.provide('baseUrl', portal.baseUrl);
  project.provide('dataDir', portal.dataDir);
}

export async function teardown(): Promise<void> {
  await portal?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
