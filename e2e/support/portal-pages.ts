import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { repoRoot } from './portal-server.ts';

/** A page of the portal to open: where (found through the page when it depends on content), and what shows once it has drawn. */
export interface PortalVisit {
  name: string;
  path: string | ((page: Page, baseUrl: string) => Promise<string>);
  ready: (page: Page) => Locator;
}

const notFound = (p: Page) => p.getByRole('heading', { name: 'Page not found' });
/** The history's rows, or its empty state for an account that has downloaded nothing yet. */
const historyShown = (p: Page) => p.locator('[data-testid="history-row"], [data-testid="empty-state"]').first();

/**
 * Every route of apps/web/src/app/routes.tsx, by the path it declares (children relative to their
 * parent), with one or more visits. Specs that go through every page check this list against the
 * routes (`declaredRoutePaths`), so a new route without a visit fails them.
 */
export const visitsByRoute: Record<string, PortalVisit[]> = {
  '/': [{ name: 'home', path: '/', ready: (p) => p.getByTestId('home-recently-published').getByTestId('home-document').first() }],
  resources: [{ name: 'resources', path: '/resources?q=robot', ready: (p) => p.getByTestId('result-card').first() }],
  // The public software page and the console's (/admin/software) declare the same relative path.
  software: [
    { name: 'software', path: '/software', ready: (p) => p.getByTestId('software-card').first() },
    { name: 'console-software-not-authorized', path: '/admin/software', ready: (p) => p.getByTestId('access-denied-dialog') },
  ],
  'software/:softwareEquipmentName': [
    { name: 'software-item', path: '/software/CTRL7', ready: (p) => p.getByTestId('software-versions') },
    { name: 'software-unknown-item', path: '/software/does-not-exist', ready: notFound },
  ],
  'software/:softwareEquipmentName/:filename': [
    {
      name: 'software-release-notes',
      path: async (page, baseUrl) => {
        await page.goto(`${baseUrl}/software/CTRL7`);
        const href = await page.getByTestId('release-notes-link').first().getAttribute('href');
        if (!href) throw new Error('CTRL7 shows no release notes link');
        return href;
      },
      ready: (p) => p.getByTestId('document-viewer'),
    },
    { name: 'software-unknown-notes', path: '/software/CTRL7/no-such-notes.pdf', ready: notFound },
  ],
  cadFiles: [{ name: 'cad-files', path: '/cadFiles', ready: (p) => p.getByTestId('configurator') }],
  robotConfigurator: [
    {
      name: 'cad-configurator',
      path: '/cadFiles/robotConfigurator?model=ARM6&options=floor,arm-1200,flange-iso63',
      ready: (p) => p.getByTestId('configuration-results').getByTestId('file-table'),
    },
  ],
  partnersLibraries: [{ name: 'cad-libraries', path: '/cadFiles/partnersLibraries', ready: (p) => p.getByTestId('partner-library').first() }],
  downloadshistory: [{ name: 'cad-history', path: '/cadFiles/downloadshistory', ready: historyShown }],
  favorites: [{ name: 'favorites', path: '/favorites', ready: (p) => p.locator('[data-testid="favorites-empty"], [data-testid="favorites-list"]').first() }],
  following: [{ name: 'following', path: '/following', ready: (p) => p.locator('[data-testid="following-row"], [data-testid="empty-state"]').first() }],
  notifications: [{ name: 'notifications', path: '/notifications', ready: (p) => p.locator('[data-testid="notification-list"], [data-testid="empty-state"]').first() }],
  downloads: [{ name: 'downloads', path: '/downloads', ready: historyShown }],
  // The machines of the user's account (empty for staff), and one machine's passport when there is one.
  'units/:serial?': [{ name: 'units', path: '/units', ready: (p) => p.locator('[data-testid="unit-list"], [data-testid="empty-state"]').first() }],
  // What a signed-out scan of the identification link shows first (public: the visit's session does not matter).
  '/units/:serial/public': [{ name: 'unit-public', path: '/units/ARM6-2025-00017/public', ready: (p) => p.getByTestId('public-unit-model') }],
  // The publishing console: the visits sign in as a customer, who gets the not-authorized page there.
  admin: [{ name: 'console-not-authorized', path: '/admin', ready: (p) => p.getByTestId('access-denied-dialog') }],
  documents: [{ name: 'console-documents-not-authorized', path: '/admin/documents', ready: (p) => p.getByTestId('access-denied-dialog') }],
  units: [{ name: 'console-units-not-authorized', path: '/admin/units', ready: (p) => p.getByTestId('access-denied-dialog') }],
  jobs: [{ name: 'console-jobs-not-authorized', path: '/admin/jobs', ready: (p) => p.getByTestId('access-denied-dialog') }],
  statistics: [{ name: 'console-statistics-not-authorized', path: '/admin/statistics', ready: (p) => p.getByTestId('access-denied-dialog') }],
  audit: [{ name: 'console-audit-not-authorized', path: '/admin/audit', ready: (p) => p.getByTestId('access-denied-dialog') }],
  users: [{ name: 'console-users-not-authorized', path: '/admin/users', ready: (p) => p.getByTestId('access-denied-dialog') }],
  accounts: [{ name: 'console-accounts-not-authorized', path: '/admin/accounts', ready: (p) => p.getByTestId('access-denied-dialog') }],
  cad: [{ name: 'console-cad-not-authorized', path: '/admin/cad', ready: (p) => p.getByTestId('access-denied-dialog') }],
  imports: [{ name: 'console-imports-not-authorized', path: '/admin/imports', ready: (p) => p.getByTestId('access-denied-dialog') }],
  preview: [{ name: 'console-preview-not-authorized', path: '/admin/preview', ready: (p) => p.getByTestId('access-denied-dialog') }],
  'paper-requests': [{ name: 'console-paper-requests-not-authorized', path: '/admin/paper-requests', ready: (p) => p.getByTestId('access-denied-dialog') }],
  products: [{ name: 'console-products-not-authorized', path: '/admin/products', ready: (p) => p.getByTestId('access-denied-dialog') }],
  feedback: [{ name: 'console-feedback-not-authorized', path: '/admin/feedback', ready: (p) => p.getByTestId('access-denied-dialog') }],
  'search-analytics': [{ name: 'console-search-analytics-not-authorized', path: '/admin/search-analytics', ready: (p) => p.getByTestId('access-denied-dialog') }],
  'language-coverage': [{ name: 'console-language-coverage-not-authorized', path: '/admin/language-coverage', ready: (p) => p.getByTestId('access-denied-dialog') }],
  handover: [{ name: 'console-handover-not-authorized', path: '/admin/handover', ready: (p) => p.getByTestId('access-denied-dialog') }],
  '/DocumentLink/:documentData': [{ name: 'document-link', path: '/DocumentLink/D28092504', ready: (p) => p.getByTestId('document-viewer') }],
  // Its loader finishes a sign-in and moves on: whatever it lands on counts.
  '/login/callback': [{ name: 'login-callback', path: '/login/callback', ready: (p) => p.locator('h1').first() }],
  '/access-denied': [{ name: 'access-denied', path: '/access-denied', ready: (p) => p.getByText('Oops !') }],
  '/under-maintenance': [
    { name: 'maintenance', path: '/under-maintenance?nextAvailability=2030-01-01T10:00:00Z', ready: (p) => p.getByRole('dialog') },
  ],
  '*': [
    { name: 'unknown-page', path: '/no/such/page', ready: notFound },
    { name: 'unknown-cad-page', path: '/cadFiles/no-such-tab', ready: notFound },
  ],
};

/** The `path:` values routes.tsx declares, each once (a console page may share a relative path with a public one). */
export async function declaredRoutePaths(): Promise<string[]> {
  const source = await readFile(resolve(repoRoot, 'apps/web/src/app/routes.tsx'), 'utf8');
  return [...new Set([...source.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]!))];
}

/** Opens a visit's page and waits until it has drawn. */
export async function openVisit(page: Page, baseUrl: string, visit: PortalVisit): Promise<void> {
  const path = typeof visit.path === 'string' ? visit.path : await visit.path(page, baseUrl);
  await page.goto(`${baseUrl}${path}`);
  await visit.ready(page).waitFor({ timeout: 30_000 });
}
