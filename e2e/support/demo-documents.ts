import type { Page } from 'playwright-core';
import { demoCatalog } from '../../apps/api/src/demo/demo-catalog.ts';

/** The demo documents the README names (numbered in the seed's order, stable across runs). */
export const demoRefs = {
  /** ARM-6 manual, 6 pages, versions A–C, downloadable. */
  manual: 'D28092504',
  /** Word release notes (Office → PDF). */
  releaseNotes: 'D28092553',
  video: 'D28092556',
  /** STEP model: a 3D preview once its job ran. */
  stepModel: 'D28092552',
  partnersOnly: 'D28092557',
  /** View only: not downloadable. */
  viewOnly: 'D28092562',
} as const;

export interface VisibleDocument {
  id: string;
  serviceRef: string;
  title: string;
  fileName: string;
  resourceVersion: string;
  downloadable: boolean;
}

/** The signed-in user's bearer token, as the web app keeps it (apps/web/src/lib/auth/session.ts). */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const session = JSON.parse(sessionStorage.getItem('portal.session') ?? '{}') as { accessToken?: string };
    if (!session.accessToken) throw new Error('not signed in');
    return session.accessToken;
  });
}

/** Calls the API from the page as the signed-in user; answers the status and the JSON body. */
export async function apiGet<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  const token = await accessToken(page);
  return page.evaluate(
    async ({ path, token }) => {
      const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json().catch(() => null)) as T };
    },
    { path, token },
  );
}

/** The demo document and version uploaded as `fileName` (readers never see that name, only the seed's catalogue knows it). */
function uploadedAs(fileName: string): string {
  for (const document of demoCatalog()) {
    const version = document.versions.find((candidate) => candidate.fileName === fileName);
    if (version) return `${document.serviceRef}-${version.resourceVersion}`;
  }
  throw new Error(`No demo document was uploaded as ${fileName}`);
}

/**
 * Waits until the background demo seed has ingested every file named (the seed runs on the
 * portal's first start), then answers the documents the signed-in user sees, by uploaded file name.
 */
export async function waitForDemoDocuments(page: Page, fileNames: string[], timeoutMs = 150_000): Promise<Map<string, VisibleDocument>> {
  const deadline = Date.now() + timeoutMs;
  const wanted = new Map(fileNames.map((name) => [name, uploadedAs(name)]));
  for (;;) {
    const { status, body } = await apiGet<{ items: VisibleDocument[] }>(page, '/api/Content/search?pageSize=100&sort=newest');
    const byVersion = new Map((status === 200 ? body.items : []).map((item) => [`${item.serviceRef}-${item.resourceVersion}`, item]));
    const missing = fileNames.filter((name) => !byVersion.has(wanted.get(name)!));
    if (missing.length === 0) return new Map(fileNames.map((name) => [name, byVersion.get(wanted.get(name)!)!]));
    if (Date.now() > deadline) throw new Error(`The demo seed did not provide ${missing.join(', ')} in time`);
    await page.waitForTimeout(2000);
  }
}
