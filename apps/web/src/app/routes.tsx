import { redirect, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary';
import { AppLayout } from '../components/layouts/app-layout';
import { completeSignIn } from '../features/auth/api/complete-sign-in';
import { AccessDeniedPage } from '../features/auth/components/access-denied-page';
import { SignInError } from '../features/auth/components/sign-in-error';
import { CadFilesPage } from '../features/cad-files/components/cad-files-page';
import { DownloadsHistoryPage } from '../features/cad-files/components/downloads-history-page';
import { PartnersLibrariesPage } from '../features/cad-files/components/partners-libraries-page';
import { RobotConfiguratorPage } from '../features/cad-files/components/robot-configurator-page';
import { FavoritesPage } from '../features/favorites/components/favorites-page';
import { HomePage } from '../features/home/components/home-page';
import { MaintenancePage } from '../features/maintenance/components/maintenance-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { ResourcesPage } from '../features/resources/components/resources-page';
import { SoftwarePage } from '../features/software/components/software-page';
import { requireAuth } from '../lib/auth/require-auth';
import { FullPageLoader, SigningIn } from './routes/full-page-loader';
import { DocumentLinkRoute, SoftwareItemRoute, SoftwareVersionRoute } from './routes/param-routes';

const errorElement = <RouteErrorBoundary />;

/** Spec §2: every route of the portal. Everything under / requires sign-in (spec §6). */
export const routes: RouteObject[] = [
  {
    path: '/',
    id: 'root',
    loader: requireAuth,
    handle: { requiresAuth: true },
    HydrateFallback: FullPageLoader,
    element: <AppLayout />,
    errorElement,
    children: [
      { index: true, element: <HomePage />, errorElement },
      { path: 'resources', element: <ResourcesPage />, errorElement },
      { path: 'software', element: <SoftwarePage />, errorElement },
      { path: 'software/:softwareEquipmentName', element: <SoftwareItemRoute />, errorElement },
      { path: 'software/:softwareEquipmentName/:filename', element: <SoftwareVersionRoute />, errorElement },
      {
        path: 'cadFiles',
        element: <CadFilesPage />,
        errorElement,
        children: [
          { index: true, loader: () => redirect('/cadFiles/robotConfigurator') },
          { path: 'robotConfigurator', element: <RobotConfiguratorPage />, errorElement },
          { path: 'partnersLibraries', element: <PartnersLibrariesPage />, errorElement },
          { path: 'downloadshistory', element: <DownloadsHistoryPage />, errorElement },
        ],
      },
      { path: 'favorites', element: <FavoritesPage />, errorElement },
    ],
  },
  {
    path: '/DocumentLink/:documentData',
    id: 'documentLink',
    loader: requireAuth,
    handle: { requiresAuth: true },
    HydrateFallback: FullPageLoader,
    element: <DocumentLinkRoute />,
    errorElement,
  },
  {
    path: '/login/callback',
    id: 'login',
    loader: completeSignIn,
    // The loader always redirects; the component only shows if a navigation lands here meanwhile.
    Component: SigningIn,
    HydrateFallback: SigningIn,
    errorElement: <SignInError />,
  },
  { path: '/access-denied', element: <AccessDeniedPage />, errorElement },
  { path: '/under-maintenance', element: <MaintenancePage />, errorElement },
  { path: '*', element: <NotFoundPage />, errorElement },
];
