import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { isViewerEntry, useViewerHistoryEntry } from './viewer-history-entry';

/** Stands in for the viewer dialog (its wiring into the lazy viewer is covered end to end). */
function Viewer({ onClose }: { onClose: () => void }) {
  const close = useViewerHistoryEntry(onClose);
  return (
    <div role="dialog" aria-label="Viewer">
      <button onClick={close}>Close the viewer</button>
    </div>
  );
}

/** A list page as the portal's are: the viewer is mounted while a document is open. */
function ListPage() {
  const [viewing, setViewing] = useState(false);
  return (
    <main>
      <button onClick={() => setViewing(true)}>Open R100 manual</button>
      {viewing && <Viewer onClose={() => setViewing(false)} />}
    </main>
  );
}

function renderList() {
  const router = createMemoryRouter([{ path: '/resources', element: <ListPage /> }, { path: '/', element: <p>Home</p> }], {
    initialEntries: ['/', '/resources?q=r100'],
    initialIndex: 1,
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('a viewer opened from a list', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });

  it('is a history step on the same page: Back closes it and stays on the list', async () => {
    const router = renderList();
    await userEvent.click(screen.getByRole('button', { name: 'Open R100 manual' }));
    await waitFor(() => expect(isViewerEntry(router.state.location.state)).toBe(true));
    expect(router.state).toMatchObject({ historyAction: 'PUSH', location: { pathname: '/resources', search: '?q=r100' } });
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/resources');
    expect(isViewerEntry(router.state.location.state)).toBe(false);
  });

  it('steps back over its entry when its close button closes it, so Back then leaves the page', async () => {
    const router = renderList();
    await userEvent.click(screen.getByRole('button', { name: 'Open R100 manual' }));
    await waitFor(() => expect(isViewerEntry(router.state.location.state)).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Close the viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(isViewerEntry(router.state.location.state)).toBe(false);

    await router.navigate(-1);
    expect(await screen.findByText('Home')).toBeInTheDocument();
  });

  it('opens again after closing, each time with one entry of its own', async () => {
    const router = renderList();
    for (let round = 0; round < 2; round += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Open R100 manual' }));
      await waitFor(() => expect(isViewerEntry(router.state.location.state)).toBe(true));
      await router.navigate(-1);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    await router.navigate(-1);
    expect(await screen.findByText('Home')).toBeInTheDocument();
  });
});
