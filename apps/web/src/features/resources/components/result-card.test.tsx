import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Follow } from '@portal/contracts/alerts';
import type { SearchItem } from '@portal/contracts/documents';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { ResultCard } from './result-card';

const item = (id: string, title: string): SearchItem => ({
  id, serviceRef: `D${id}`, title, fileName: `${id}.pdf`, typeCode: 'manual', languageCode: 'en', resourceVersion: 'A', versionId: `v-${id}`,
  publishedAt: '2026-01-01T00:00:00.000Z', downloadable: true, mediaType: 'application/pdf', snippet: '', products: [], thumbnailUrl: null,
});

const followed: Follow = { kind: 'document', itemId: 'doc-2', title: 'Gripper data sheet', automatic: true, mail: true, createdAt: '2026-01-02T00:00:00.000Z' };

function renderCards(items: SearchItem[]) {
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {items.map((card) => (
        <ResultCard key={card.id} item={card} typeLabel="Manual" onOpen={() => undefined} />
      ))}
    </QueryClientProvider>,
  );
}

describe('ResultCard follow control', () => {
  beforeAll(() => initTestI18n());

  it('reads the follows once for every card and shows each card’s state under its title', async () => {
    const { calls } = fakeContentApi({ '/api/Follows': () => json(200, { items: [followed] }) });
    renderCards([item('doc-1', 'R100 manual'), item('doc-2', 'Gripper data sheet'), item('doc-3', 'Controller guide')]);

    expect(await screen.findByRole('button', { name: 'Unfollow Gripper data sheet' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Follow R100 manual' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Follow Controller guide' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls('/api/Follows')).toHaveLength(1);
  });

  it('follows and stops following from the keyboard', async () => {
    const { fetch } = fakeContentApi({
      '/api/Follows': () => json(200, { items: [] }),
      '/api/Follows/document/doc-1': (_url, init) =>
        init.method === 'PUT' ? json(200, { ...followed, itemId: 'doc-1', automatic: false }) : new Response(null, { status: 204 }),
    });
    renderCards([item('doc-1', 'R100 manual')]);
    const toggle = await screen.findByRole('button', { name: 'Follow R100 manual' });

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Unfollow R100 manual' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetch).toHaveBeenLastCalledWith('http://api.test/api/Follows/document/doc-1', expect.objectContaining({ method: 'PUT' }));

    await userEvent.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Follow R100 manual' })).toHaveAttribute('aria-pressed', 'false'));
    expect(fetch).toHaveBeenLastCalledWith('http://api.test/api/Follows/document/doc-1', expect.objectContaining({ method: 'DELETE' }));
  });

  it('keeps the control’s place while the follows load, and says what a refused change was', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { notifyError, calls } = fakeContentApi({
      '/api/Follows': () => new Promise<Response>((resolve) => (answer = resolve)),
      '/api/Follows/document/doc-1': () => json(403, { error: 'forbidden', message: 'You may not follow this document.' }),
    });
    renderCards([item('doc-1', 'R100 manual')]);
    const toggle = screen.getByRole('button', { name: 'Follow R100 manual' });
    await waitFor(() => expect(calls('/api/Follows')).toHaveLength(1));
    answer(json(200, { items: [{ ...followed, itemId: 'doc-1' }] }));
    // The same element, now pressed: nothing was inserted or replaced around it.
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: 'Unfollow R100 manual' })).toBe(toggle);

    await userEvent.click(toggle);
    await waitFor(() => expect(notifyError).toHaveBeenCalled());
  });
});
