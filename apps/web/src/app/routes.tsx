import { redirect, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary';
import { AppLayout } from '../components/layouts/app-layout';
import { completeSignIn } from '../features/auth/api/complete-sign-in';
import { SignInError } from '../features/auth/components/sign-in-error';
import { requireAuthOrPublicUnit } from '../features/units/utils/public-unit-gate';
import { requireAuth } from '../lib/auth/require-auth';
import { FullPageLoader, SigningIn } from './routes/full-page-loader';

const errorElement = <RouteErrorBoundary />;

/**
 * Spec §2: every route of the portal. Everything under / requires sign-in (spec §6). Each page is
 * its own chunk, loaded with its route: the first page loads the shell and itself, not the app.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    id: 'root',
    // Signed out, a unit page (where a machine's identification link leads) shows its public view first.
    loader: requireAuthOrPublicUnit,
    handle: { requiresAuth: true },
    HydrateFallback: FullPageLoader,
    element: <AppLayout />,
    errorElement,
    children: [
      { index: true, lazy: () => import('../features/home/components/home-page').then((m) => ({ Component: m.HomePage })), errorElement },
      { path: 'resources', lazy: () => import('../features/resources/components/resources-page').then((m) => ({ Component: m.ResourcesPage })), errorElement },
      { path: 'software', lazy: () => import('../features/software/components/software-page').then((m) => ({ Component: m.SoftwarePage })), errorElement },
      { path: 'software/:softwareEquipmentName', lazy: () => import('./routes/software-item-route').then((m) => ({ Component: m.SoftwareItemRoute })), errorElement },
      {
        path: 'software/:softwareEquipmentName/:filename',
        lazy: () => import('./routes/software-version-route').then((m) => ({ Component: m.SoftwareVersionRoute })),
        errorElement,
      },
      {
        path: 'cadFiles',
        lazy: () => import('../features/cad-files/components/cad-files-page').then((m) => ({ Component: m.CadFilesPage })),
        errorElement,
        children: [
          { index: true, loader: () => redirect('/cadFiles/robotConfigurator') },
          {
            path: 'robotConfigurator',
            lazy: () => import('../features/cad-files/components/robot-configurator-page').then((m) => ({ Component: m.RobotConfiguratorPage })),
            errorElement,
          },
          {
            path: 'partnersLibraries',
            lazy: () => import('../features/cad-files/components/partners-libraries-page').then((m) => ({ Component: m.PartnersLibrariesPage })),
            errorElement,
          },
          {
            path: 'downloadshistory',
            lazy: () => import('../features/cad-files/components/downloads-history-page').then((m) => ({ Component: m.DownloadsHistoryPage })),
            errorElement,
          },
        ],
      },
      { path: 'units/:serial?', lazy: () => import('../features/units/components/units-route').then((m) => ({ Component: m.UnitsRoute })), errorElement },
      { path: 'favorites', lazy: () => import('../features/favorites/components/favorites-page').then((m) => ({ Component: m.FavoritesPage })), errorElement },
      { path: 'notifications', lazy: () => import('../features/alerts/components/notifications-page').then((m) => ({ Component: m.NotificationsPage })), errorElement },
      { path: 'following', lazy: () => import('../features/following/components/following-page').then((m) => ({ Component: m.FollowingPage })), errorElement },
      {
        // The publishing console: publishers and admins only (the layout shows anyone else the not-authorized page).
        path: 'admin',
        lazy: () => import('../features/admin/components/admin-layout').then((m) => ({ Component: m.AdminLayout })),
        errorElement,
        children: [
          { index: true, loader: () => redirect('/admin/documents') },
          // The console's home: the documents, with the paper requests' overdue count above them.
          { path: 'documents', lazy: () => import('./routes/console-home-route').then((m) => ({ Component: m.ConsoleHomeRoute })), errorElement },
          { path: 'jobs', lazy: () => import('../features/admin-jobs/components/jobs-page').then((m) => ({ Component: m.JobsPage })), errorElement },
          { path: 'imports', lazy: () => import('../features/admin-import/components/import-page').then((m) => ({ Component: m.ImportPage })), errorElement },
          { path: 'units', lazy: () => import('../features/admin-units/components/units-console-page').then((m) => ({ Component: m.UnitsConsolePage })), errorElement },
          { path: 'products', lazy: () => import('../features/admin-products/components/products-console-page').then((m) => ({ Component: m.ProductsConsolePage })), errorElement },
          { path: 'handover', lazy: () => import('../features/admin-handover/components/handover-classes-page').then((m) => ({ Component: m.HandoverClassesPage })), errorElement },
          {
            path: 'paper-requests',
            lazy: () => import('../features/admin-paper-requests/components/paper-requests-page').then((m) => ({ Component: m.PaperRequestsPage })),
            errorElement,
          },
          { path: 'feedback', lazy: () => import('../features/admin-feedback/components/feedback-page').then((m) => ({ Component: m.FeedbackPage })), errorElement },
          { path: 'software', lazy: () => import('../features/admin-software/components/software-console-page').then((m) => ({ Component: m.SoftwareConsolePage })), errorElement },
          { path: 'cad', lazy: () => import('../features/admin-software/components/cad-console-page').then((m) => ({ Component: m.CadConsolePage })), errorElement },
          { path: 'audit', lazy: () => import('../features/admin-audit/components/audit-log-page').then((m) => ({ Component: m.AuditLogPage })), errorElement },
          { path: 'users', lazy: () => import('../features/admin-users/components/users-page').then((m) => ({ Component: m.UsersPage })), errorElement },
          { path: 'accounts', lazy: () => import('../features/admin-users/components/accounts-page').then((m) => ({ Component: m.AccountsPage })), errorElement },
          { path: 'statistics', lazy: () => import('../features/admin-statistics/components/statistics-page').then((m) => ({ Component: m.StatisticsPage })), errorElement },
          {
            path: 'search-analytics',
            lazy: () => import('../features/admin-search-analytics/components/search-analytics-page').then((m) => ({ Component: m.SearchAnalyticsPage })),
            errorElement,
          },
          {
            path: 'language-coverage',
            lazy: () => import('../features/admin-language-coverage/components/language-coverage-page').then((m) => ({ Component: m.LanguageCoveragePage })),
            errorElement,
          },
          { path: 'preview', lazy: () => import('../features/admin-preview/components/audience-preview-page').then((m) => ({ Component: m.AudiencePreviewPage })), errorElement },
        ],
      },
      // Every download of the user (documents, software, CAD); the same list as the CAD files tab, reached from the user menu.
      { path: 'downloads', lazy: () => import('../features/cad-files/components/downloads-history-page').then((m) => ({ Component: m.MyDownloadsPage })), errorElement },
    ],
  },
  {
    path: '/DocumentLink/:documentData',
    id: 'documentLink',
    loader: requireAuth,
    handle: { requiresAuth: true },
    HydrateFallback: FullPageLoader,
    lazy: () => import('./routes/document-link-route').then((m) => ({ Component: m.DocumentLinkRoute })),
    errorElement,
  },
  // What a signed-out visitor sees of a machine: serial, maker, model, and a sign-in that returns to its page.
  { path: '/units/:serial/public', lazy: () => import('../features/units/components/public-unit-page').then((m) => ({ Component: m.PublicUnitPage })), errorElement },
  {
    path: '/login/callback',
    id: 'login',
    loader: completeSignIn,
    // The loader always redirects; the component only shows if a navigation lands here meanwhile.
    Component: SigningIn,
    HydrateFallback: SigningIn,
    errorElement: <SignInError />,
  },
  { path: '/access-denied', lazy: () => import('../features/auth/components/access-denied-page').then((m) => ({ Component: m.AccessDeniedPage })), errorElement },
  { path: '/under-maintenance', lazy: () => import('../features/maintenance/components/maintenance-page').then((m) => ({ Component: m.MaintenancePage })), errorElement },
  { path: '*', lazy: () => import('../features/not-found/components/not-found-page').then((m) => ({ Component: m.NotFoundPage })), errorElement },
];
