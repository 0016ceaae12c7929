import type { Location, Navigation } from 'react-router';
import { isViewerEntry } from '../components/document-viewer/viewer-history-entry';
import { cancellation, type CancellationService } from '../lib/cancellation';

interface NavigationState {
  location: Location;
  navigation: Navigation;
}

interface SubscribableRouter {
  state: NavigationState;
  subscribe(listener: (state: NavigationState) => void): () => void;
}

/**
 * Opening or closing a viewer over a list is a history step on the same page, not a navigation:
 * the page keeps its requests (its thumbnails) and its scroll position.
 */
function isViewerStep(from: Location, to: Location): boolean {
  const samePage = from.pathname === to.pathname && from.search === to.search && from.hash === to.hash;
  return samePage && (isViewerEntry(from.state) || isViewerEntry(to.state));
}

/**
 * Spec §2/§4: every navigation cancels the requests still in flight (as soon as it starts, so
 * the new page's requests get the fresh signal) and scrolls the new page to the top.
 */
export function installNavigationEffects(
  router: SubscribableRouter,
  service: CancellationService = cancellation,
  scrollToTop: () => void = () => window.scrollTo({ top: 0, left: 0 }),
): () => void {
  let target = router.state.location;
  let shown = router.state.location;
  return router.subscribe((state) => {
    const next = state.navigation.location ?? state.location;
    if (next.key !== target.key) {
      if (!isViewerStep(target, next)) service.cancelAll();
      target = next;
    }
    if (state.location.key !== shown.key) {
      if (!isViewerStep(shown, state.location)) scrollToTop();
      shown = state.location;
    }
  });
}
