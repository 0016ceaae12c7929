import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useDemoContentStore } from '../../lib/demo-content/demo-content-store';
import { queryClient } from '../../lib/query-client';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { DemoContentBanner } from './demo-content-banner';

const health = (demoContent: string) => new Response(JSON.stringify({ status: 'ok', demoContent }), { status: 200 });

let documents = 0;
function DocumentCount() {
  const count = useQuery({ queryKey: ['demo-content-test'], queryFn: async () => documents, staleTime: Infinity });
  return <p>{`${count.data ?? '…'} documents`}</p>;
}

describe('DemoContentBanner', () => {
  beforeAll(() => initTestI18n());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    queryClient.clear();
    useDemoContentStore.setState({ state: null });
  });

  it('says the demo content is being prepared, then disappears and the page fetches its data again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = ['preparing', 'preparing', 'ready'];
    vi.stubGlobal('fetch', vi.fn(async () => health(answers.shift() ?? 'ready')));
    renderWithProviders(
      <QueryClientProvider client={queryClient}>
        <DemoContentBanner />
        <DocumentCount />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Preparing demo content…')).toBeInTheDocument();
    expect(await screen.findByText('0 documents')).toBeInTheDocument();

    documents = 42;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Preparing demo content…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(screen.queryByText('Preparing demo content…')).not.toBeInTheDocument());
    // Without a reload: the query on screen is fetched again although its data was fresh.
    expect(await screen.findByText('42 documents')).toBeInTheDocument();
  });

  it('shows nothing on a portal that is ready', async () => {
    const fetch = vi.fn(async () => health('ready'));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<DemoContentBanner />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when the demo content could not be made', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => health('failed')));
    renderWithProviders(<DemoContentBanner />);
    expect(await screen.findByText('Demo content incomplete')).toBeInTheDocument();
  });
});
