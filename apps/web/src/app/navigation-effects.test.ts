import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createCancellationService } from '../lib/cancellation';
import { installNavigationEffects } from './navigation-effects';

function memoryRouter() {
  return createMemoryRouter(
    [
      { path: '/', element: null },
      { path: '/resources', element: null },
      { path: '/slow', loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 10)), element: null },
    ],
    { initialEntries: ['/'] },
  );
}

describe('installNavigationEffects', () => {
  it('cancels in-flight requests and scrolls to the top on every navigation', async () => {
    const router = memoryRouter();
    const service = createCancellationService();
    const scroll = vi.fn();
    installNavigationEffects(router, service, scroll);
    const before = service.signal();

    await router.navigate('/resources');
    expect(before.aborted).toBe(true);
    expect(scroll).toHaveBeenCalledTimes(1);

    const second = service.signal();
    await router.navigate('/');
    expect(second.aborted).toBe(true);
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('cancels once per navigation, as soon as it starts', async () => {
    const router = memoryRouter();
    const service = createCancellationService();
    const cancelAll = vi.spyOn(service, 'cancelAll');
    const scroll = vi.fn();
    installNavigationEffects(router, service, scroll);
    const navigation = router.navigate('/slow');
    expect(cancelAll).toHaveBeenCalledTimes(1);
    expect(scroll).not.toHaveBeenCalled();
    await navigation;
    expect(cancelAll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenCalledTimes(1);
  });

  it('leaves requests and scroll alone when a viewer opens or closes over the same page, not otherwise', async () => {
    const router = memoryRouter();
    const service = createCancellationService();
    const scroll = vi.fn();
    installNavigationEffects(router, service, scroll);
    await router.navigate('/resources?q=arm');
    const page = service.signal();

    await router.navigate('/resources?q=arm', { state: { documentViewer: 'viewer-1' } });
    await router.navigate(-1);
    expect(page.aborted).toBe(false);
    expect(scroll).toHaveBeenCalledTimes(1);

    // Any other state on the same address, or the viewer's state on another one, is a navigation.
    await router.navigate('/resources?q=arm', { state: { other: true } });
    expect(page.aborted).toBe(true);
    const next = service.signal();
    await router.navigate('/resources?q=gripper', { state: { documentViewer: 'viewer-2' } });
    expect(next.aborted).toBe(true);
    expect(scroll).toHaveBeenCalledTimes(3);
  });
});
