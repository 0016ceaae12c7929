import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setNavigator } from '../../lib/navigation';
import { reportError } from '../../lib/telemetry';
import { installNavigationEffects } from '../navigation-effects';
import { AppProviders } from '../provider';
import { routes } from '../routes';

/**
 * Mounts the app into the page's single root element (spec §4). The router is set up first (it
 * starts loading the page's code at once); the first render follows in a task of its own, so that
 * neither holds the main thread for long.
 */
export function mountApp(): Promise<void> {
  const roots = document.querySelectorAll<HTMLElement>('#root');
  if (roots.length !== 1) throw new Error(`Expected exactly one #root element, found ${roots.length}`);
  const root = roots[0]!;
  const router = createBrowserRouter(routes);
  setNavigator((to) => void router.navigate(to));
  installNavigationEffects(router);
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => render(root, router));
}

function render(root: HTMLElement, router: ReturnType<typeof createBrowserRouter>): void {
  createRoot(root, {
    onUncaughtError: (error) => reportError(error, 'react'),
  }).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
