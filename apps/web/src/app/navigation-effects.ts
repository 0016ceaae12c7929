import type { Location, Navigation } from 'react-router';
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
 * Spec §2/§4: every navigation cancels the requests still in flight (as soon as it starts, so
 * the new page's requests get the fresh signal) and scrolls the new page to the top.
 */
export function installNavigationEffects(
  router: SubscribableRouter,
  service: CancellationService = cancellation,
  scrollToTop: () => void = () => window.scrollTo({ top: 0, left: 0 }),
): () => void {
  let target = router.state.location.key;
  let shown = router.state.location.key;
  return router.subscribe((state) => {
    const next = (state.navigation.location ?? state.location).key;
    if (next !== target) {
      target = next;
      service.cancelAll();
    }
    if (state.location.key !== shown) {
      shown = state.location.key;
      scrollToTop();
    }
  });
}
