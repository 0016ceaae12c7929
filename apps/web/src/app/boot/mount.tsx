import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setNavigator } from '../../lib/navigation';
import { reportError } from '../../lib/telemetry';
import { installNavigationEffects } from '../navigation-effects';
import { AppProviders } from '../provider';
import { routes } from '../routes';

/** Mounts the app into the page's single root element (spec §4). */
export function mountApp(): void {
  const roots = document.querySelectorAll<HTMLElement>('#root');
  if (roots.length !== 1) throw new Error(`Expected exactly one #root element, found ${roots.length}`);
  const router = createBrowserRouter(routes);
  setNavigator((to) => void router.navigate(to));
  installNavigationEffects(router);
  createRoot(roots[0], {
    onUncaughtError: (error) => reportError(error, 'react'),
  }).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
